#!/usr/bin/env node
// The contract's entry point; the hook is ./pre-tool-use.cjs, which installs run directly.
import { createRequire } from 'node:module';
createRequire(import.meta.url)('./pre-tool-use.cjs');
