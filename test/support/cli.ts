// Runs the BUILT binary (dist/cli/index.js; `npm test` builds first) on temp folders.
import { afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export { ROOT, BIN } from './paths.js';
import { BIN, ROOT } from './paths.js';

export interface CliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    timeout: 60_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

const created: string[] = [];
// Temp folders live as long as the test file: removed after its last test, so runs leave no litter.
afterAll(() => {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'n8n-lock-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Writes `files` (path -> content) under a new temp folder and returns it. */
export function tempRepo(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export function copyToTemp(source: string): string {
  const dir = tempDir();
  cpSync(source, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` with its content: a snapshot to prove "nothing on disk changed". */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full)] = readFileSync(full, 'utf8');
    }
  };
  walk(dir);
  return out;
}
