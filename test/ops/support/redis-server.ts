// Starts a throwaway redis-server on a free loopback port (never the machine's 6379), without
// persistence, and stops exactly the process it started.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

// From PATH (apt puts it in /usr/bin); REDIS_SERVER overrides.
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER ?? 'redis-server';

export interface TestRedis {
  port: number;
  url: string;
  /** A connected client for arranging keys. */
  client: Redis;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(child: ChildProcess, port: number): Promise<void> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode}: ${output.slice(-500)}`);
    if (output.includes('Ready to accept connections')) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`redis-server on port ${port} not ready within 10 s: ${output.slice(-500)}`);
}

/** PEM file paths; with them the server listens for TLS only (`--port 0 --tls-port <port>`). */
export interface TlsFiles {
  /** The temp folder holding them, to remove afterwards. */
  dir: string;
  cert: string;
  key: string;
  ca: string;
}

export interface StartOptions {
  password?: string;
  tls?: TlsFiles;
  /** More redis-server arguments (cluster mode, --replicaof ...). */
  args?: string[];
  /** The port to listen on (else a free one is picked). */
  port?: number;
}

export async function startRedis(options: StartOptions = {}): Promise<TestRedis & { pid: number }> {
  for (let attempt = 0; ; attempt++) {
    const port = options.port ?? (await freePort());
    const { tls } = options;
    const listen = tls
      ? ['--port', '0', '--tls-port', String(port), '--tls-cert-file', tls.cert, '--tls-key-file', tls.key, '--tls-ca-cert-file', tls.ca, '--tls-auth-clients', 'no']
      : ['--port', String(port)];
    const args = [...listen, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...(options.password ? ['--requirepass', options.password] : []), ...(options.args ?? [])];
    const child = spawn(REDIS_SERVER_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await waitForReady(child, port);
    } catch (error) {
      child.kill('SIGKILL');
      if (attempt < 3 && options.port === undefined) continue; // the free port was taken in between: try another
      throw error;
    }
    const client = new Redis({
      port,
      host: '127.0.0.1',
      ...(options.password ? { password: options.password } : {}),
      ...(tls ? { tls: { ca: readFileSync(tls.ca), servername: 'localhost' } } : {}),
      lazyConnect: true,
    });
    // A test may kill this server (a failover): its admin client then only reports that it is gone.
    client.on('error', () => undefined);
    await client.connect();
    const credentials = options.password ? `:${encodeURIComponent(options.password)}@` : '';
    return {
      port,
      pid: child.pid!,
      url: tls ? `rediss://${credentials}localhost:${port}/0` : `redis://${credentials}127.0.0.1:${port}/0`,
      client,
      async stop() {
        client.disconnect();
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    };
  }
}

/** A throwaway CA and a server certificate for localhost/127.0.0.1, made with the openssl CLI. */
export function makeTestCertificates(): TlsFiles {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-tls-'));
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=n8n-lock test CA', '-keyout', file('ca.key'), '-out', file('ca.crt'));
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-keyout', file('server.key'), '-out', file('server.csr'));
  writeFileSync(file('ext.cnf'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial', '-days', '1', '-extfile', file('ext.cnf'), '-out', file('server.crt'));
  return { dir, cert: file('server.crt'), key: file('server.key'), ca: file('ca.crt') };
}

export function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
