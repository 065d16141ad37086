// `npm run demo`: the main job end to end on a copy of the example repository (examples/envs + examples/workflows):
// install the primitives, lock and rate-limit a workflow, render it for dev, and show the result.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = mkdtempSync(join(tmpdir(), 'n8n-lock-demo-'));
cpSync(join(root, 'examples', 'envs'), join(repo, 'envs'), { recursive: true });
cpSync(join(root, 'examples', 'workflows'), join(repo, 'workflows'), { recursive: true });

function run(...args) {
  console.log(`\n$ n8n-lock ${args.join(' ')}`);
  const result = spawnSync(process.execPath, [join(root, 'dist', 'cli', 'index.js'), ...args, '--cwd', repo], { encoding: 'utf8' });
  process.stdout.write(result.stdout.length > 1500 ? result.stdout.slice(0, 1500) + '\n  ...\n' : result.stdout);
  process.stderr.write(result.stderr);
  if (result.status !== 0) {
    console.error(`demo: command failed with exit ${result.status}`);
    process.exit(1);
  }
}

console.log(`demo repository: ${repo}`);
run('create-lock', '--include-error-handler', '--include-rate-limit', '--env', 'dev,prod');
// Ids n8n would have given the primitives on deploy (see docs/deploy.md): fill them in for dev.
const devPath = join(repo, 'envs', 'dev.yml');
let dev = readFileSync(devPath, 'utf8');
for (const [key, id] of [['lock_acquisition', 'LockAcquireDev01'], ['lock_release', 'LockReleaseDev01'], ['error_handler_lock_cleanup', 'LockCleanupDev01'], ['rate_limit_check', 'RateLimitDev0001']]) {
  dev = dev.replace(`${key}: { id: ""`, `${key}: { id: "${id}"`);
}
writeFileSync(devPath, dev);
run('add-rate-limit-to-workflow', 'invoice_sync', '--limit', '10', '--window-seconds', '60');
run('add-lock-to-workflow', 'invoice_sync', '--scope-expression', 'excel-sharepoint-write', '--lock-on-error', '--env', 'dev,prod');
run('render', '--env', 'dev', '--out', join(repo, 'build', 'dev'));
console.log('\n--- envs/dev.yml after the run ---\n' + readFileSync(devPath, 'utf8'));
const rendered = JSON.parse(readFileSync(join(repo, 'build', 'dev', 'invoice_sync.json'), 'utf8'));
console.log('--- build/dev/invoice_sync.json: nodes in order ---');
for (const node of rendered.nodes) console.log(`  ${node.name.padEnd(26)} ${node.type}`);
console.log(`\ndemo: done; look around in ${repo}`);
