#!/usr/bin/env node
import { Command } from 'commander';
import { readFileSync } from 'node:fs';
import { runProgram } from './program.js';
import { registerEmit } from './emit.js';
import { registerCreateLock } from './create-lock.js';
import { registerCopyPrimitive } from './copy-primitive.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const program = new Command('n8n-lock')
  .description('Per-resource locks and rate limits for n8n workflows kept as JSON in git')
  .version(pkg.version)
  .showHelpAfterError('(run with --help for usage)');

// One register function per command file; each command owns its flags, help and examples.
registerEmit(program);
registerCreateLock(program);
registerCopyPrimitive(program);

process.exitCode = await runProgram(program, process.argv);
