#!/usr/bin/env node
import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
async function t(e,n){return""}function s(e){return new Promise(n=>{let o=[],r=()=>{clearTimeout(i),n(Buffer.concat(o).toString("utf8"))},i=setTimeout(r,e);process.stdin.on("data",d=>o.push(d)),process.stdin.on("end",r),process.stdin.on("error",r)})}s(2e3).then(e=>t(e,process.env)).then(e=>{e&&process.stdout.write(e)},()=>{}).finally(()=>{process.exitCode=0});
