// Runs the examples of one markdown file, top to bottom, in a scratch repository of its own: a copy
// of examples/ (a whole sample repository: workflows/invoice_sync.json, envs/dev.yml, envs/prod.yml)
// with `n8n-lock` on PATH as the built CLI. Blocks of one file share that repository, as a reader
// who follows the page does.
//
// - ```sh runnable``` runs under bash -e; it must exit 0 (or `exit=<n>`).
// - ```console runnable``` is a session: each `$ <command>` runs, and what it prints must match the
//   lines the doc shows under it (`...` matches any text; a line of only `...`, any lines). A command
//   that fails must be followed by `$ echo $?`, which shows its code.
// - `redis` on either starts a throwaway redis-server for the file; the documented address
//   127.0.0.1:6379 is then that server's, in commands and in files the doc writes.
// - ```yaml file=envs/dev.yml``` (any language) writes the block as that file of the repository.
// - Every json and yaml block must parse; an env file is read by the env schema, a workflow by the
//   workflow schema.
// - ```sh skip: <reason>``` is not run, and is counted with its reason. A command block without
//   either mark is a failure: a new example cannot silently go unrun.
// - A block skipped because it `needs a live n8n` is run by test/e2e/docs.e2e.test.ts, which passes
//   a real n8n (`live`): there the documented n8n (localhost:5678), its API key (`N8N_API_KEY=...`)
//   and Redis are the real ones.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseDocument } from 'yaml';
import { parseEnvFile } from '../../../src/envs/env-file.js';
import { parseWorkflow } from '../../../src/workflow/schema.js';
import { startRedis } from '../../ops/support/redis-server.js';
import { BIN, ROOT } from '../../support/paths.js';
import { blockMarks, consoleSteps, fencedBlocks, outputMatches, SHELL_LANGS, type FencedBlock } from './markdown.js';

export interface BlockOutcome {
  /** `README.md:42` */
  where: string;
  outcome: 'run' | 'skipped' | 'failed';
  /** The skip reason, or what failed. */
  detail?: string;
}

const DOCUMENTED_REDIS = '127.0.0.1:6379';
const DOCUMENTED_N8N = 'localhost:5678';
/** The skip reason of the blocks the e2e suite runs against a real n8n. */
export const LIVE_N8N_REASON = /^needs a live n8n/;

/** A real n8n and the Redis its credential names, for the blocks that need them. */
export interface LiveN8n {
  url: string;
  apiKey: string;
  redisPort: number;
  /** Awaited before each block runs (its body as written): what a reader does between steps by waiting, e.g. for a just-published webhook to be served. */
  beforeBlock?: (body: string) => Promise<void>;
}
const COMMAND_TIMEOUT_MS = 60_000;

/** Runs every block of `text` (the file `name`, relative to the repository) and says how each went. */
export async function runDocExamples(name: string, text: string, live?: LiveN8n): Promise<BlockOutcome[]> {
  const blocks = fencedBlocks(text);
  const scratch = mkdtempSync(join(tmpdir(), 'n8n-lock-docs-'));
  const repo = join(scratch, 'repo');
  cpSync(join(ROOT, 'examples'), repo, { recursive: true });
  mkdirSync(join(scratch, 'bin'));
  mkdirSync(join(scratch, 'home'));
  writeFileSync(join(scratch, 'bin', 'n8n-lock'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(scratch, 'bin', 'n8n-lock'), 0o755);
  const needsRedis = !live && blocks.some((b) => blockMarks(b.info).redis);
  const redis = needsRedis ? await startRedis() : undefined;
  const redisPort = live?.redisPort ?? redis?.port;
  const localise = (s: string) => {
    let out = redisPort ? s.replaceAll(DOCUMENTED_REDIS, `127.0.0.1:${redisPort}`) : s;
    if (live) out = out.replaceAll(`http://${DOCUMENTED_N8N}`, live.url).replaceAll(DOCUMENTED_N8N, new URL(live.url).host).replaceAll('N8N_API_KEY=...', `N8N_API_KEY=${live.apiKey}`);
    return out;
  };
  const env: NodeJS.ProcessEnv = {
    PATH: `${join(scratch, 'bin')}:${process.env.PATH}`,
    HOME: join(scratch, 'home'),
    LANG: 'C.UTF-8',
    // Nothing of the machine's: the CLI's own variables are not passed on.
    NO_COLOR: '1',
  };
  const outcomes: BlockOutcome[] = [];
  try {
    for (const block of blocks) {
      const where = `${name}:${block.line}`;
      await live?.beforeBlock?.(block.body);
      const outcome = runBlock(block, { repo, env, localise, live: live !== undefined });
      if (outcome) outcomes.push({ where, ...outcome });
    }
  } finally {
    await redis?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  return outcomes;
}

interface Scratch {
  repo: string;
  env: NodeJS.ProcessEnv;
  localise: (s: string) => string;
  /** A real n8n is there: the blocks that need one run. */
  live: boolean;
}

function runBlock(block: FencedBlock, scratch: Scratch): Omit<BlockOutcome, 'where'> | undefined {
  const marks = blockMarks(block.info);
  if (scratch.live && marks.skip && LIVE_N8N_REASON.test(marks.skip)) {
    marks.skip = undefined;
    marks.runnable = true;
  }
  if (marks.skip !== undefined) {
    return marks.skip ? { outcome: 'skipped', detail: marks.skip } : { outcome: 'failed', detail: '"skip:" needs a reason' };
  }
  if (marks.file) {
    const path = join(scratch.repo, marks.file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, scratch.localise(block.body));
  }
  // A block without a language that shows a prompt is a console session all the same.
  const lang = block.lang === '' && block.body.startsWith('$ ') ? 'console' : block.lang;
  if (SHELL_LANGS.has(lang)) {
    if (!marks.runnable) return { outcome: 'failed', detail: `a ${lang || 'console'} block must be marked "runnable" or "skip: <reason>"` };
    const detail = lang === 'console' ? runConsole(block.body, scratch) : runScript(block.body, marks.exit, scratch);
    return detail ? { outcome: 'failed', detail } : { outcome: 'run' };
  }
  if (block.lang === 'json' || block.lang === 'yaml' || block.lang === 'yml') {
    const detail = checkSnippet(block, marks.file);
    return detail ? { outcome: 'failed', detail } : { outcome: 'run' };
  }
  return undefined;
}

/** Runs a bash script in the scratch repository (`exec 2>&1` first merges stderr into stdout, as a terminal shows them). */
function shell(script: string, scratch: Scratch) {
  const result = spawnSync('bash', ['-c', script], { cwd: scratch.repo, env: scratch.env, encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS });
  return { status: result.status ?? -1, stdout: result.stdout ?? '', stderr: result.stderr ?? '', timedOut: result.error !== undefined };
}

function runScript(body: string, exit: number, scratch: Scratch): string | undefined {
  const result = shell(`set -eo pipefail\n${scratch.localise(body)}`, scratch);
  if (result.timedOut) return `did not finish within ${COMMAND_TIMEOUT_MS / 1000} s`;
  if (result.status === exit) return undefined;
  return `exit ${result.status} (the doc expects ${exit}): ${lastLines(result.stderr || result.stdout)}`;
}

const MARK = '@@n8n-lock-docs';

function runConsole(body: string, scratch: Scratch): string | undefined {
  let steps;
  try {
    steps = consoleSteps(body);
  } catch (error) {
    return (error as Error).message;
  }
  // One bash for the session (a `cd` or a variable carries on), stdout and stderr in one stream as
  // a terminal shows them, a mark with the exit code after each command.
  const script = steps.map((step) => `${scratch.localise(step.command)}\n__rc=$?; printf '\\n${MARK} %d\\n' "$__rc"; (exit $__rc)`).join('\n');
  const result = shell(`exec 2>&1\n${script}`, scratch);
  if (result.timedOut) return `did not finish within ${COMMAND_TIMEOUT_MS / 1000} s`;
  const outputs = result.stdout.split(new RegExp(`\\n${MARK} (\\d+)\\n`));
  for (let i = 0; i < steps.length; i++) {
    const printed = outputs[2 * i] ?? '';
    const code = Number(outputs[2 * i + 1]);
    const shownWithCode = steps[i + 1]?.command.trim() === 'echo $?';
    if (code !== 0 && !shownWithCode) return `"$ ${steps[i].command}" exited ${code}: ${lastLines(printed)}`;
    if (!outputMatches(steps[i].expected.map(scratch.localise), printed.split('\n'))) {
      return `"$ ${steps[i].command}" printed:\n${printed}\nthe doc shows:\n${steps[i].expected.join('\n')}`;
    }
  }
  return undefined;
}

function checkSnippet(block: FencedBlock, file: string | undefined): string | undefined {
  try {
    if (block.lang === 'json') {
      const value = JSON.parse(block.body) as Record<string, unknown>;
      if (value && typeof value === 'object' && 'nodes' in value && 'connections' in value) parseWorkflow(value, file ?? "snippet");
      return undefined;
    }
    const document = parseDocument(block.body);
    if (document.errors.length > 0) return `YAML does not parse: ${document.errors[0].message}`;
    const isEnvFile = file ? /(^|\/)envs\/[^/]+\.ya?ml$/.test(file) : false;
    if (isEnvFile) parseEnvFile(block.body, file!, file!.replace(/^.*\/|\.ya?ml$/g, ''));
    return undefined;
  } catch (error) {
    return `${block.lang} snippet: ${(error as Error).message.split('\n')[0]}`;
  }
}

function lastLines(text: string): string {
  return text.trim().split('\n').slice(-4).join(' | ');
}
