// Spawns the BUILT binary (dist/cli/index.js, from `npm run build`) asynchronously, so tests can
// run many at once. N8N_LOCK_TEST_FROM_SRC=1 runs src/cli/index.ts through tsx instead, for when
// the build is broken by unrelated work in progress.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT } from '../../support/paths.js';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
  ms: number;
}

const fromSource = process.env.N8N_LOCK_TEST_FROM_SRC === '1';

export function cliCommand(): string[] {
  if (fromSource) return ['--import', 'tsx', join(ROOT, 'src', 'cli', 'index.ts')];
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first (or set N8N_LOCK_TEST_FROM_SRC=1)`);
  return [BIN];
}

export function runCliAsync(args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // Start from a clean N8N_LOCK_REDIS_URL so the machine's environment cannot leak in.
    const child = spawn(process.execPath, [...cliCommand(), ...args], { cwd: ROOT, env: { ...process.env, N8N_LOCK_REDIS_URL: undefined, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(killer);
      resolve({ status: code ?? -1, stdout, stderr, ms: Date.now() - started });
    });
  });
}
