// Does the Bull that n8n's queue mode runs on lose job completions? n8n's main process answers a
// webhook only when Bull's job.finished() resolves. That call subscribes, asks Redis whether the job
// has finished, and attaches its `global:completed` listener only when the answer arrives: a job
// that completes while the question is in flight is announced before anyone listens.
//   node scripts/bull-finished-race.mjs [--n8n 1.123.81] [--rounds 20] [--burst 36]
// Uses the Bull of the e2e harness's cached n8n install (run `scripts/e2e/n8n-e2e.sh install`
// first), a throwaway redis-server, and two worker processes that finish every job at once, as
// n8n's workers do for a denied Rate Limit call. Prints one line:
//   bull-race: n8n=<v> bull=<v> jobs=<n> finished_seen=<n> lost=<n>
// `lost` counts the jobs Redis holds as completed whose job.finished() had not resolved 5 s later.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { homedir } from 'node:os';

// Bull adds a listener per job.finished(): its MaxListeners warnings are expected here.
process.removeAllListeners('warning');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const n8nVersion = arg('n8n', '1.123.81');
const rounds = Number(arg('rounds', '20'));
const burst = Number(arg('burst', '36'));
const cache = process.env.N8N_LOCK_E2E_CACHE ?? join(homedir(), '.cache', 'n8n-lock-e2e');
const app = join(cache, `node-24.21.0-n8n-${n8nVersion}`, 'app');
if (!existsSync(join(app, 'node_modules', 'bull'))) {
  console.error(`bull-finished-race: no n8n ${n8nVersion} in ${cache} (install it: N8N_LOCK_E2E_N8N_VERSION=${n8nVersion} scripts/e2e/n8n-e2e.sh install)`);
  process.exit(2);
}
const fromN8n = createRequire(join(app, 'package.json'));
const bullPath = fromN8n.resolve('bull');
const Bull = fromN8n('bull');
const bullVersion = fromN8n('bull/package.json').version;

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const children = [];
const stop = () => children.forEach((child) => child.kill('SIGKILL'));
process.on('exit', stop);
children.push(spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }));
await new Promise((resolve) => setTimeout(resolve, 500));
const workerCode = `const Bull = require(${JSON.stringify(bullPath)}); new Bull('race', { redis: { port: ${port} } }).process(20, async () => 'done');`;
for (let i = 0; i < 2; i++) children.push(spawn(process.execPath, ['-e', workerCode], { stdio: 'ignore' }));

const queue = new Bull('race', { redis: { port } });
queue.setMaxListeners(0);
await new Promise((resolve) => setTimeout(resolve, 1000));
let lost = 0;
for (let round = 0; round < rounds; round++) {
  const outcomes = await Promise.all(
    Array.from({ length: burst }, async () => {
      const job = await queue.add({}, { removeOnComplete: false });
      const seen = await Promise.race([job.finished().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
      // Lost only if Redis holds it as completed: the completion happened and went unseen.
      return seen || !(await job.isCompleted()) ? 'seen' : 'lost';
    }),
  );
  lost += outcomes.filter((o) => o === 'lost').length;
}
console.log(`bull-race: n8n=${n8nVersion} bull=${bullVersion} jobs=${rounds * burst} finished_seen=${rounds * burst - lost} lost=${lost}`);
await queue.close();
stop();
process.exit(0);
