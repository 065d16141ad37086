// The exporter's HTTP side: GET /metrics reads Redis afresh (one connection per scrape, closed
// after it, so a Redis that went away and came back needs nothing from us) and answers in the
// format the scraper asks for. A Redis that cannot be read is `n8n_lock_up 0` with the reason on
// stderr, said once per change of reason rather than at every scrape: the scrape itself succeeds.
import { createServer, type Server } from 'node:http';
import { InputError } from '../errors.js';
import { openRedis, describeRedisError, COMMAND_TIMEOUT_MS } from '../ops/redis-client.js';
import type { RedisTarget } from '../ops/redis-url.js';
import { contentTypeFor, exposition } from './exposition.js';
import { boundAddress, listenOn, type ListenAddress } from './listen.js';
import { readSnapshot } from './read.js';
import { snapshotFamilies, type Snapshot } from './snapshot.js';

export interface Exporter {
  /** The address bound (the port chosen when --listen asked for port 0). */
  address: ListenAddress;
  close(): Promise<void>;
}

/** One scrape's snapshot: read, or why it could not be. */
export async function scrape(target: RedisTarget): Promise<Snapshot> {
  const started = performance.now();
  try {
    const client = await openRedis(target);
    try {
      const read = await readSnapshot(client);
      return { ...read, up: true, readMs: performance.now() - started };
    } finally {
      client.disconnect();
    }
  } catch (error) {
    const err = error as Error & { code?: string };
    // openRedis words its own failures; a command refused mid-read (NOPERM names the command) is worded here.
    const reason = error instanceof InputError ? err.message : `Redis at ${target.display}: ${describeRedisError(err, COMMAND_TIMEOUT_MS, target.tls)}`;
    return { up: false, error: reason, series: [], recordingErrors: 0, waiters: null, functions: [], nowMs: Date.now(), readMs: performance.now() - started };
  }
}

export async function startExporter(target: RedisTarget, listen: ListenAddress, log: (line: string) => void): Promise<Exporter> {
  let lastError: string | undefined;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(path === '/metrics' ? 405 : 404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('n8n-lock metrics: GET /metrics\n');
      return;
    }
    void (async () => {
      const snapshot = await scrape(target);
      if (snapshot.error !== lastError) log(snapshot.error ? `n8n-lock metrics: n8n_lock_up 0: ${snapshot.error}` : 'n8n-lock metrics: Redis readable again: n8n_lock_up 1');
      lastError = snapshot.error;
      const contentType = contentTypeFor(request.headers.accept);
      const body = await exposition(snapshotFamilies(snapshot), contentType);
      response.writeHead(200, { 'content-type': contentType });
      response.end(body);
    })().catch((error: Error) => {
      log(`n8n-lock metrics: scrape failed: ${error.message}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`${error.message}\n`);
    });
  });
  await listenOn(server, listen);
  return {
    address: boundAddress(server),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
