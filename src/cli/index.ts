#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { createProgram, runProgram } from './program.js';
import { registerEmit } from './emit.js';
import { registerCreateLock } from './create-lock.js';
import { registerCopyPrimitive } from './copy-primitive.js';
import { registerStatus } from './status.js';
import { registerUnlock } from './unlock.js';
import { registerAddLock, registerRemoveLock } from './add-lock.js';
import { registerAddRateLimit, registerRemoveRateLimit } from './add-rate-limit.js';
import { registerRender } from './render.js';
import { registerValidate } from './validate.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = createProgram('n8n-lock', 'Per-resource locks and rate limits for n8n workflows kept as JSON in git', pkg.version);

// One register function per command file; each command owns its flags, help and examples.
registerEmit(program);
registerCreateLock(program);
registerCopyPrimitive(program);
registerStatus(program);
registerUnlock(program);
registerAddLock(program);
registerAddRateLimit(program);
registerRemoveLock(program);
registerRemoveRateLimit(program);
registerRender(program);
registerValidate(program);

process.exitCode = await runProgram(program, process.argv);
