#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { createProgram, runProgram } from './program.js';
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

// A reader that stops early (`n8n-lock validate --help | head`) closes stdout: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  throw error;
});

const program = createProgram('n8n-lock', 'Per-resource locks and rate limits for n8n workflows kept as JSON in git', pkg.version);

// One register function per command file. Only the command being run is loaded (cold start:
// the heavy modules of the other commands, ioredis or acorn, are never imported for it).
type Register = (program: typeof commandProgram) => void;
const COMMANDS: Record<string, () => Promise<Register>> = {
  emit: async () => (await import('./emit.js')).registerEmit,
  'create-lock': async () => (await import('./create-lock.js')).registerCreateLock,
  'copy-primitive': async () => (await import('./copy-primitive.js')).registerCopyPrimitive,
  'add-lock-to-workflow': async () => (await import('./add-lock.js')).registerAddLock,
  'add-rate-limit-to-workflow': async () => (await import('./add-rate-limit.js')).registerAddRateLimit,
  'remove-lock': async () => (await import('./add-lock.js')).registerRemoveLock,
  'remove-rate-limit': async () => (await import('./add-rate-limit.js')).registerRemoveRateLimit,
  render: async () => (await import('./render.js')).registerRender,
  deploy: async () => (await import('./deploy.js')).registerDeploy,
  pull: async () => (await import('./pull.js')).registerPull,
  validate: async () => (await import('./validate.js')).registerValidate,
  status: async () => (await import('./status.js')).registerStatus,
  unlock: async () => (await import('./unlock.js')).registerUnlock,
  functions: async () => (await import('./functions.js')).registerFunctions,
};
const commandProgram = program;
const requested = process.argv[2];
const wanted = requested && COMMANDS[requested] ? [requested] : requested === '--version' || requested === '-V' ? [] : Object.keys(COMMANDS);
for (const name of wanted) (await COMMANDS[name]())(program);

process.exitCode = await runProgram(program, process.argv);
