// Wrap every corpus workflow with add-lock-to-workflow (the pure patcher from dist/, as the CLI
// runs it) and print the time per workflow: mean, p95, max, over several rounds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { addLock, addRateLimit } = await import(join(root, 'dist', 'patchers', 'index.js'));
const corpus = join(root, 'test', 'fixtures', 'corpus', 'awesome-n8n-templates');
const workflows = [];
const walk = (dir) => {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (f.endsWith('.json')) {
      try {
        const wf = JSON.parse(readFileSync(p, 'utf8'));
        if (Array.isArray(wf.nodes)) workflows.push(wf);
      } catch {}
    }
  }
};
walk(corpus);

function measure(label, fn) {
  const times = [];
  let refused = 0;
  for (let round = 0; round < 5; round++) {
    for (const wf of workflows) {
      const start = performance.now();
      try {
        fn(wf);
      } catch {
        refused++;
      }
      times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const p95 = times[Math.floor(times.length * 0.95)];
  console.log(`${label}: ${workflows.length} workflows x 5 rounds: mean ${mean.toFixed(3)} ms, p95 ${p95.toFixed(3)} ms, max ${times[times.length - 1].toFixed(2)} ms, refused ${refused / 5}`);
}

measure('add-lock-to-workflow (patch + RFC 6902 diff)', (wf) => addLock(wf, { scopeExpression: 'global', setExecutionOrderV1: true }));
measure('add-rate-limit-to-workflow', (wf) => addRateLimit(wf, { limit: 5, windowSeconds: 10, setExecutionOrderV1: true }));
