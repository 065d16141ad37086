#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { COMMANDS, PROGRAM_DESCRIPTION } from './commands.js';
import { createProgram, runProgram } from './program.js';
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

// A reader that stops early (`n8n-lock validate --help | head`) closes stdout: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  throw error;
});

const program = createProgram('n8n-lock', PROGRAM_DESCRIPTION, pkg.version);

const requested = process.argv[2];
const wanted = requested && COMMANDS[requested] ? [requested] : requested === '--version' || requested === '-V' ? [] : Object.keys(COMMANDS);
for (const name of wanted) (await COMMANDS[name]())(program);

process.exitCode = await runProgram(program, process.argv);
