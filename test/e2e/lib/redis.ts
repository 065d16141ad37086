// A throwaway redis-server on a free loopback port; the suite never touches any other Redis.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, log, startProcess, stopProcess, waitFor } from './util.js';

export class RedisServer {
  private child?: ChildProcess;
  client!: Redis;
  port = 0;

  async start(dir: string): Promise<void> {
    const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
    if (!found) throw new Error('redis-server is not installed (Debian: apt-get install redis-server; .ci/run does this)');
    this.port = await freePort();
    this.child = startProcess(found, ['--bind', '127.0.0.1', '--port', String(this.port), '--save', '', '--appendonly', 'no'], process.env, createWriteStream(join(dir, 'redis.log')));
    this.client = new Redis({ host: '127.0.0.1', port: this.port, lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
    this.client.on('error', () => undefined); // refused until the server listens: waitFor retries
    await waitFor('redis-server to answer PING', 10_000, async () => {
      if (this.client.status !== 'ready') await this.client.connect().catch(() => undefined);
      return (await this.client.ping()) === 'PONG' ? true : undefined;
    });
    log(`redis-server on 127.0.0.1:${this.port}`);
  }

  async stop(): Promise<void> {
    this.client?.disconnect();
    await stopProcess(this.child, 5_000);
  }
}
