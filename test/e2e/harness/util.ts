// Small helpers of the real-n8n harness: logging, ports, polling.
import { createServer } from 'node:net';

const t0 = Date.now();

/** A progress line on stdout: wall clock and seconds since the harness was loaded. */
export function log(message: string): void {
  const clock = new Date().toISOString().slice(11, 19);
  process.stdout.write(`[e2e ${clock} +${((Date.now() - t0) / 1000).toFixed(1)}s] ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A free TCP port on the loopback interface (the kernel picks it; we close it again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** `count` distinct free ports (two calls in a row may otherwise return the same one). */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let attempts = 0; ports.size < count && attempts < count * 20; attempts++) ports.add(await freePort());
  if (ports.size < count) throw new Error(`could not find ${count} distinct free ports`);
  return [...ports];
}

/**
 * Polls `check` until it returns a value other than undefined, or fails after `timeoutMs` with
 * `what` and the last error `check` threw. `check` may throw a `FatalWait` to stop at once.
 */
export async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      if (error instanceof FatalWait) throw error;
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await sleep(intervalMs);
  }
  const reason = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
  throw new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what}${reason}`);
}

/** Thrown from a waitFor check: give up now (e.g. the process being waited for has exited). */
export class FatalWait extends Error {}

/**
 * Sends a request once more when it failed at once with undici's "other side closed": fetch reused
 * an idle keep-alive connection just as n8n's server closed it at its keep-alive timeout (5 s
 * idle), before n8n read the request. Only then is sending again safe (nothing ran): not a
 * connection lost later, while n8n may be running an execution (the crash scenarios).
 */
export async function fetchAgainIfStale(request: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  return request().catch((error: unknown) => {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code !== 'UND_ERR_SOCKET' || cause.message !== 'other side closed' || performance.now() - started > 50) throw error;
    return request();
  });
}

/** Under CI the suite must never skip itself: a missing n8n or redis-server is a failure there. */
export const isCI = () => /^(1|true|yes)$/i.test(process.env.CI ?? '');

/** A prerequisite of the machine is missing (no redis-server, npm registry unreachable, ...). */
export class Unavailable extends Error {}

/** The middle value (the upper one of an even count), as every e2e line and bench row reports it. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
