// A throwaway redis-server on a free loopback port, no persistence. The harness only ever talks to
// and stops the one it started (by its pid): never a Redis already running on the machine.
import { accessSync, constants, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Background } from './proc.js';
import { FatalWait, freePort, log, seconds, waitFor, Unavailable } from './util.js';

/** redis-server from N8N_LOCK_E2E_REDIS_SERVER, else PATH and the usual system directories. */
export function findRedisServer(): string | undefined {
  const forced = process.env.N8N_LOCK_E2E_REDIS_SERVER;
  if (forced) {
    try {
      accessSync(forced, constants.X_OK);
      return forced;
    } catch {
      return undefined;
    }
  }
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/bin', '/usr/sbin', '/usr/local/bin', '/usr/local/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  return undefined;
}

export function requireRedisServer(): string {
  const bin = findRedisServer();
  if (!bin) throw new Unavailable(`redis-server not found${process.env.N8N_LOCK_E2E_REDIS_SERVER ? ` at N8N_LOCK_E2E_REDIS_SERVER=${process.env.N8N_LOCK_E2E_REDIS_SERVER}` : ' on PATH'} (Debian/Ubuntu: apt-get install -y redis-server); the e2e suite starts its own throwaway instance`);
  return bin;
}

export class RedisServer {
  private server?: Background;
  client!: Redis;
  port = 0;
  readonly host = '127.0.0.1';

  /** Starts redis-server in `dir` (its log: dir/redis.log); retries on a port taken meanwhile. */
  async start(dir: string): Promise<number> {
    const started = Date.now();
    const bin = requireRedisServer();
    const logFile = join(dir, 'redis.log');
    writeFileSync(logFile, '');
    for (let attempt = 1; ; attempt++) {
      this.port = await freePort();
      const args = ['--bind', this.host, '--port', String(this.port), '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir, '--protected-mode', 'yes'];
      this.server = new Background('redis-server', bin, args, { env: process.env, logFile });
      this.client = new Redis({ host: this.host, port: this.port, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, enableOfflineQueue: false });
      this.client.on('error', () => undefined); // refused until it listens: waitFor retries
      try {
        await waitFor(`redis-server on port ${this.port} to answer PING`, 15_000, async () => {
          if (!this.server!.running) throw new FatalWait(`redis-server exited at start (see ${logFile})`);
          if (this.client.status !== 'ready') await this.client.connect().catch(() => undefined);
          return (await this.client.ping()) === 'PONG' ? true : undefined;
        }, 100);
        break;
      } catch (error) {
        this.client.disconnect();
        await this.server.stop(2000);
        if (attempt >= 3) throw error;
        log(`redis-server did not come up on port ${this.port} (${(error as Error).message}); retrying on another port`);
      }
    }
    const version = (await this.client.info('server')).match(/redis_version:(\S+)/)?.[1];
    log(`redis-server ${version} on ${this.host}:${this.port} (pid ${this.server!.pid}, ${seconds(Date.now() - started)})`);
    return Date.now() - started;
  }

  get pid(): number | undefined {
    return this.server?.pid;
  }

  async stop(): Promise<void> {
    this.client?.disconnect();
    await this.server?.stop(5000);
  }
}
