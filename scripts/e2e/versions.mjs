#!/usr/bin/env node
// The n8n-version matrix beyond the full suite's 2.41.1 (issue #36): the smoke set on the newest
// 1.123 and on the oldest supported 2.x, regular and queue mode, and the refusals on an n8n outside
// the range. Each runs in its own vitest process with N8N_LOCK_E2E_N8N_VERSION set; every one runs
// even when an earlier one failed, and the exit code is 1 if any did. One line per run:
//   versions: version=<v> what=<smoke|unsupported> exit=<code> seconds=<s>
// The smoke runs print their own `n8n-version: ...` lines (test/e2e/README.md).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SMOKE = ['test/e2e/lock-native.regular.e2e.test.ts', 'test/e2e/lock-native.queue.e2e.test.ts'];
const RUNS = [
  { version: '1.123.81', what: 'smoke', files: SMOKE },
  { version: '2.35.7', what: 'smoke', files: SMOKE },
  { version: '2.30.8', what: 'unsupported', files: ['test/e2e/unsupported-n8n.e2e.test.ts'] },
];

let failed = 0;
for (const { version, what, files } of RUNS) {
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.e2e.config.ts', ...files], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, N8N_LOCK_E2E_N8N_VERSION: version, ...(what === 'smoke' ? { N8N_LOCK_E2E_SMOKE: '1' } : {}) },
  });
  const exit = run.status ?? 1;
  if (exit !== 0) failed++;
  console.log(`versions: version=${version} what=${what} exit=${exit} seconds=${Math.round((Date.now() - started) / 1000)}`);
}
process.exit(failed ? 1 : 0);
