// A throwaway redis-server for the benchmark scripts: a free loopback port, no persistence, and
// stopped by the script that started it (never a Redis already running on the machine).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts redis-server (extra arguments appended); resolves once it accepts connections. */
export async function startRedis(extraArgs = []) {
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 10_000;
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start: ${output.slice(-300)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { port, child };
}

export function stopRedis(child) {
  if (child.exitCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}
