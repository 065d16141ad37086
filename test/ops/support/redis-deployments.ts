// Throwaway Redis deployments beyond one server, for the deployment matrix and the failover
// measurement: a 3-master Cluster (redis-cli --cluster create) and a Sentinel set (master, replica,
// three sentinels). Every process is started here on free loopback ports and stopped by stop().
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, REDIS_SERVER_BIN, startRedis, type TestRedis } from './redis-server.js';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

export interface TestCluster {
  /** Seed list as the credential's Cluster Nodes field takes it. */
  nodesText: string;
  ports: number[];
  url: string;
  /** One client per master, for arranging and inspecting keys. */
  masters: TestRedis[];
  stop(): Promise<void>;
}

/** Three masters, no replicas, every slot assigned; resolves when every node says cluster_state:ok. */
export async function startCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-cluster-'));
  const masters: TestRedis[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      // The bus port defaults to port + 10000, which may be taken or past 65535: pick one.
      const busPort = await freePort();
      masters.push(await startRedis({ args: ['--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${i}.conf`), '--cluster-port', String(busPort), '--cluster-node-timeout', '2000'] }));
    }
    const ports = masters.map((m) => m.port);
    await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes']);
    for (const master of masters) await waitUntil('cluster_state:ok', 15_000, async () => /cluster_state:ok/.test(String(await master.client.call('CLUSTER', 'INFO'))));
    const nodesText = ports.map((p) => `127.0.0.1:${p}`).join(', ');
    return {
      nodesText,
      ports,
      url: `redis-cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
      masters,
      async stop() {
        await Promise.all(masters.map((m) => m.stop()));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(masters.map((m) => m.stop()));
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

export const MASTER_NAME = 'n8nlockmaster';

export interface TestSentinelSet {
  /** As the credential's Sentinels field takes it. */
  sentinelsText: string;
  url: string;
  master: TestRedis & { pid: number };
  replica: TestRedis & { pid: number };
  /** Asks a sentinel where the master is now. */
  masterPort(): Promise<number>;
  /**
   * Cuts the replica off the master (a network partition as the master sees it): the replication
   * user is switched off and its connection killed, so the replica cannot resync and every write
   * from now on exists on the master only. Clients and sentinels are not affected.
   */
  partition(): Promise<void>;
  /** SIGKILL of the master: no shutdown, no last write to anyone. */
  killMaster(): void;
  /** killMaster, then waits (at most 30 s) until the sentinels name another master; resolves with the milliseconds that took. */
  failover(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A master, one replica and three sentinels (quorum 2) that declare the master down after 1 s.
 * Resolves when the replica is in sync and every sentinel sees the master and the replica.
 */
export async function startSentinelSet(): Promise<TestSentinelSet> {
  const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-sentinel-'));
  const sentinels: Array<{ port: number; child: ChildProcess; client: Redis }> = [];
  const master = await startRedis();
  // The replica authenticates as a user of its own, so partition() can lock it out alone.
  await master.client.call('ACL', 'SETUSER', 'replication', 'on', '>repl-pw', '+@all', '~*');
  const replica = await startRedis({ args: ['--replicaof', '127.0.0.1', String(master.port), '--masteruser', 'replication', '--masterauth', 'repl-pw'] });
  const stopAll = async () => {
    for (const s of sentinels) {
      s.client.disconnect();
      if (s.child.exitCode === null) {
        const exited = new Promise((resolve) => s.child.once('exit', resolve));
        s.child.kill('SIGKILL');
        await exited;
      }
    }
    await Promise.all([master.stop(), replica.stop()]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil('the replica in sync', 10_000, async () => /master_link_status:up/.test(await replica.client.info('replication')));
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const conf = join(dir, `sentinel-${i}.conf`);
      writeFileSync(
        conf,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `sentinel monitor ${MASTER_NAME} 127.0.0.1 ${master.port} 2`,
          `sentinel down-after-milliseconds ${MASTER_NAME} 1000`,
          `sentinel failover-timeout ${MASTER_NAME} 5000`,
          `sentinel parallel-syncs ${MASTER_NAME} 1`,
          '',
        ].join('\n'),
      );
      const child = spawn(REDIS_SERVER_BIN, [conf, '--sentinel'], { stdio: 'ignore' });
      const client = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
      client.on('error', () => undefined);
      sentinels.push({ port, child, client });
      await waitUntil(`sentinel ${i} up`, 10_000, async () => {
        if (client.status !== 'ready') await client.connect();
        return true;
      });
    }
    for (const s of sentinels) {
      await waitUntil('every sentinel sees the replica and the other sentinels', 20_000, async () => {
        const [info] = (await s.client.call('SENTINEL', 'MASTERS')) as string[][];
        const field = (name: string) => Number(info[info.indexOf(name) + 1]);
        return field('num-slaves') >= 1 && field('num-other-sentinels') >= 2;
      });
    }
    const sentinelsText = sentinels.map((s) => `127.0.0.1:${s.port}`).join(', ');
    return {
      sentinelsText,
      url: `redis-sentinel://${sentinels.map((s) => `127.0.0.1:${s.port}`).join(',')}/0#${MASTER_NAME}`,
      master,
      replica,
      async masterPort() {
        const [, port] = (await sentinels[0].client.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', MASTER_NAME)) as [string, string];
        return Number(port);
      },
      async partition() {
        await master.client.call('ACL', 'SETUSER', 'replication', 'off');
        await master.client.call('CLIENT', 'KILL', 'USER', 'replication');
        await waitUntil('the replica cut off', 5_000, async () => /connected_slaves:0/.test(await master.client.info('replication')));
      },
      killMaster() {
        process.kill(master.pid, 'SIGKILL');
      },
      async failover() {
        const oldPort = await this.masterPort();
        const killedAt = Date.now();
        this.killMaster();
        while ((await this.masterPort()) === oldPort) {
          if (Date.now() - killedAt > 30_000) throw new Error('no failover within 30 s');
          await sleep(100);
        }
        return Date.now() - killedAt;
      },
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
