#!/usr/bin/env node
import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
async function s(n,r){return""}function i(n){return new Promise(r=>{let t=[],e=()=>{clearTimeout(o),r(Buffer.concat(t).toString("utf8"))},o=setTimeout(e,n);process.stdin.on("data",c=>t.push(c)),process.stdin.on("end",e),process.stdin.on("error",e)})}function u(n){let r=n.indexOf("--brain");return r>=0?n[r+1]??null:null}i(2e3).then(n=>s(n,{brain:u(process.argv.slice(2)),env:process.env})).then(n=>{n&&process.stdout.write(n)},()=>{}).finally(()=>{process.exitCode=0});
