// The "port in use" check of the commands that serve (metrics, dashboard): with a loopback port
// something else listens on, the command exits 2 with one line and prints nothing on stdout.
import { createServer } from 'node:net';
import { expect } from 'vitest';
import { runCliAsync } from '../ops/support/cli.js';

export async function expectPortInUseRefused(args: string[]): Promise<void> {
  const busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const port = (busy.address() as { port: number }).port;
  try {
    const run = await runCliAsync([...args, '--listen', `127.0.0.1:${port}`]);
    expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `n8n-lock: --listen 127.0.0.1:${port}: the port is in use (choose another with --listen host:port)\n`]);
  } finally {
    busy.close();
  }
}
