// A resilient connection (the triggers' loops run on two) must come back from anything but its own
// close. ioredis ends a connection for good when its connector is told to disconnect while a
// reconnection is still connecting: under Sentinel its failover detector does exactly that on
// +switch-master, and stop 42's CI lost a producer that way (every command for 30 s: "Connection is
// closed"). Here the race is made to happen every time, on real servers: the connection is killed
// server-side, and the connector is told to disconnect the moment the reconnection starts, which is
// what FailoverDetector.disconnect() does. Plain ioredis is run the same way first, so the test
// shows it still ends there (the day it does not, the guard can go).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis, type RedisOptions } from 'ioredis';
import { startRedis, type TestRedis } from '../../test/ops/support/redis-server.js';
import { startSentinelSet, MASTER_NAME, type TestSentinelSet } from '../../test/ops/support/redis-deployments.js';
import { close, connectResilient, type RedisClient, type RedisCredential } from '../lib/redis';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, ms: number, check: () => boolean): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms`);
    await sleep(20);
  }
}

/** Kills the connection named `name` on the server `admin` talks to, and disconnects `client`'s connector as its reconnection starts. */
async function endWhileReconnecting(client: RedisClient, admin: Redis, name: string): Promise<void> {
  client.once('connecting', () => (client as unknown as { connector: { disconnect(): void } }).connector.disconnect());
  const list = String(await admin.call('CLIENT', 'LIST'));
  const line = list.split('\n').find((l) => l.includes(` name=${name} `));
  if (!line) throw new Error(`no connection named ${name} on the server`);
  await admin.call('CLIENT', 'KILL', 'ID', /id=(\d+)/.exec(line)![1]);
}

const forever: RedisOptions = { maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 5_000), lazyConnect: true };

describe('a resilient connection ended by the ioredis reconnect race', () => {
  describe('standalone', () => {
    let redis: TestRedis;
    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await redis.stop();
    });

    it('plain ioredis ends for good (the race is real)', async () => {
      const raw = new Redis({ ...forever, port: redis.port, host: '127.0.0.1', connectionName: 'raw-standalone' });
      raw.on('error', () => undefined);
      await raw.connect();
      await endWhileReconnecting(raw, redis.client, 'raw-standalone');
      await until('the plain connection ended', 5_000, () => raw.status === 'end');
      await sleep(1_000);
      expect(raw.status).toBe('end');
      await expect(raw.ping()).rejects.toThrow('Connection is closed');
    });

    it('connectResilient comes back and serves commands', async () => {
      const credential: RedisCredential = { host: '127.0.0.1', port: redis.port };
      const client = await connectResilient(credential, 'resilient-standalone');
      try {
        await endWhileReconnecting(client, redis.client, 'resilient-standalone');
        await until('the connection ended', 5_000, () => client.status === 'end');
        await until('the connection back', 5_000, () => client.status === 'ready');
        expect(await client.ping()).toBe('PONG');
      } finally {
        await close(client);
      }
    });

    it('stays ended after close()', async () => {
      const client = await connectResilient({ host: '127.0.0.1', port: redis.port }, 'resilient-closed');
      await close(client);
      await sleep(1_000);
      expect(client.status).toBe('end');
    });
  });

  describe('Sentinel (the failover detector path)', () => {
    let set: TestSentinelSet;
    beforeAll(async () => {
      set = await startSentinelSet();
    }, 60_000);
    afterAll(async () => {
      await set?.stop();
    });

    it('plain ioredis ends for good; connectResilient comes back and serves commands', async () => {
      const raw = new Redis({ ...forever, sentinels: set.sentinelsText.split(', ').map((s) => ({ host: '127.0.0.1', port: Number(s.split(':')[1]) })), name: MASTER_NAME, connectionName: 'raw-sentinel', failoverDetector: true });
      raw.on('error', () => undefined);
      await raw.connect();
      await endWhileReconnecting(raw, set.master.client, 'raw-sentinel');
      await until('the plain connection ended', 5_000, () => raw.status === 'end');
      await sleep(1_000);
      expect(raw.status).toBe('end');

      const client = await connectResilient({ topology: 'sentinel', sentinels: set.sentinelsText, masterName: MASTER_NAME }, 'resilient-sentinel');
      try {
        await endWhileReconnecting(client, set.master.client, 'resilient-sentinel');
        await until('the connection ended', 5_000, () => client.status === 'end');
        await until('the connection back', 5_000, () => client.status === 'ready');
        expect(await client.set('resilient', 'yes')).toBe('OK');
      } finally {
        await close(client);
      }
    }, 60_000);
  });
});
