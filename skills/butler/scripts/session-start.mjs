#!/usr/bin/env node
// The contract's entry point; the hook is ./session-start.cjs, which installs run directly.
import { createRequire } from 'node:module';
createRequire(import.meta.url)('./session-start.cjs');
