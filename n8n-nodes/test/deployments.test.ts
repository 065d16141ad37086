// The deployment matrix: every deployment an operator runs, started here on free ports (real
// redis-server 7: database index, requirepass, an ACL user holding exactly the documented grant,
// TLS with a private CA, TLS self-signed with verification off, a 3-master Cluster, a Sentinel
// set), and on each the parts of n8n-lock: the CLI (status, unlock, functions status), the Lock
// node's engine, the function nodes' engine, the metrics recording with `n8n-lock metrics`, the
// queue nodes' engine with `n8n-lock queue`, and `n8n-lock dashboard` (its state and its unlock).
// One line per deployment and part:
//   redis: deployment=<d> part=<cli|lock|functions|metrics|queues|dashboard|stock> result=<ok|unsupported>
// printed only after the part ran without a failed check. `stock` (n8n's own Redis node running the
// stock primitives) is run by the e2e suite in a real n8n (test/e2e/deployments.e2e.test.ts); here
// it is `unsupported` where n8n's Redis node cannot connect at all (Cluster, Sentinel: its
// credential has one host, and the node calls node-redis' createClient, never createCluster or a
// sentinel client; see README "Redis deployments").
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, makeTestCertificates, startRedis, type TestRedis, type TlsFiles } from '../../test/ops/support/redis-server.js';
import { startCluster, startSentinelSet, type TestCluster, type TestSentinelSet } from '../../test/ops/support/redis-deployments.js';
import { aclSetUserArguments } from '../../src/ops/acl.js';
import { ROOT } from '../../test/support/paths.js';
import { runCliAsync } from '../../test/ops/support/cli.js';
import { exerciseCli, exerciseDashboard, exerciseFunctions, exerciseLock, exerciseMetrics, exerciseQueues, type PartName } from './support/deployment-parts';
import type { RedisCredential } from '../lib/redis';

/**
 * Each deployment runs six parts, two of them CLI servers started as processes: about 20 s on an idle
 * 2-core machine (the Cluster 17 s), 60 s at load 4, so a deployment gets 150 s, not the default 30 s.
 */
const DEPLOYMENT_TIMEOUT = { timeout: 150_000 };
/**
 * The parts share 140 s of those: a part still running then fails naming itself and how long the
 * parts before it took, rather than leaving only vitest's "timed out" for the whole deployment (CI
 * saw that once on the Cluster, which passes here in 17 s).
 */
const PARTS_BUDGET_MS = 140_000;

function withinBudget<T>(deployment: string, part: string, done: string[], deadline: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`deployment ${deployment}: part ${part} still running after ${PARTS_BUDGET_MS / 1000} s for all parts (before it: ${done.join(', ') || 'none'})`)), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const line = (deployment: string, part: PartName | 'stock', result: 'ok' | 'unsupported') => console.log(`redis: deployment=${deployment} part=${part} result=${result}`);

/** A part in a process of its own (run-part.ts), with environment variables only a process start reads. */
function runPartInProcess(part: PartName, credential: RedisCredential, url: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'n8n-nodes', 'test', 'support', 'run-part.ts'), part, JSON.stringify(credential), url], { cwd: ROOT, env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${part} in its own process exited ${code}: ${stderr}`))));
  });
}

/** Runs lock, functions and cli on one deployment, printing a line after each. */
/** How a deployment's parts run: extra CLI flags, the Cluster's slot of a key, or a process of their own with these variables. */
interface PartOptions {
  cliArgs?: string[];
  slotOf?: (key: string) => Promise<number>;
  env?: Record<string, string>;
}

async function runParts(deployment: string, credential: RedisCredential, url: string, options: PartOptions = {}) {
  const done: string[] = [];
  const deadline = Date.now() + PARTS_BUDGET_MS;
  for (const part of ['lock', 'functions', 'cli', 'metrics', 'queues', 'dashboard'] as const) {
    const started = Date.now();
    await withinBudget(deployment, part, done, deadline, runPart(part, credential, url, options));
    done.push(`${part} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    line(deployment, part, 'ok');
  }
}

async function runPart(part: PartName, credential: RedisCredential, url: string, options: PartOptions) {
  if (options.env) await runPartInProcess(part, credential, url, options.env);
  else if (part === 'lock') {
    const { slots } = await exerciseLock(credential, options.slotOf);
    // Different scopes land in different slots (on several masters): the tag is the scope, not a constant.
    if (options.slotOf) expect(slots.size).toBeGreaterThan(5);
  } else if (part === 'functions') await exerciseFunctions(credential);
  else if (part === 'metrics') await exerciseMetrics(credential, url, options.cliArgs);
  else if (part === 'dashboard') await exerciseDashboard(credential, url, options.cliArgs);
  else if (part === 'queues') {
    const { slots } = await exerciseQueues(credential, url, options.cliArgs, options.slotOf);
    // The queues land on several masters: the tag is the queue's name.
    if (options.slotOf) expect(slots.size).toBeGreaterThan(2);
  } else await exerciseCli(credential, url, options.cliArgs);
}

describe('standalone deployments', DEPLOYMENT_TIMEOUT, () => {
  let plain: TestRedis;
  let password: TestRedis;
  let tls: TestRedis | undefined;
  let certificates: TlsFiles | undefined;
  beforeAll(async () => {
    plain = await startRedis();
    password = await startRedis({ password: 'p@ss:w/rd' });
    if (hasOpenssl()) {
      certificates = makeTestCertificates();
      tls = await startRedis({ tls: certificates });
    }
  });
  afterAll(async () => {
    await Promise.all([plain?.stop(), password?.stop(), tls?.stop()]);
    if (certificates) rmSync(certificates.dir, { recursive: true, force: true });
  });

  it('database 3: nothing is written to database 0', async () => {
    await runParts('database-3', { host: '127.0.0.1', port: plain.port, database: 3 }, `redis://127.0.0.1:${plain.port}/3`);
    await plain.client.select(0);
    expect(await plain.client.dbsize()).toBe(0);
  });

  it('requirepass (a password with URL-special characters, percent-encoded in the URL)', async () => {
    await runParts('requirepass', { host: '127.0.0.1', port: password.port, password: 'p@ss:w/rd', database: 0 }, `redis://:${encodeURIComponent('p@ss:w/rd')}@127.0.0.1:${password.port}/0`);
  });

  it('an ACL user holding exactly the documented grant', async () => {
    await plain.client.select(0);
    await plain.client.call('ACL', 'SETUSER', ...aclSetUserArguments('matrix', 'grant-pw'));
    try {
      await runParts('acl-user', { host: '127.0.0.1', port: plain.port, user: 'matrix', password: 'grant-pw', database: 0 }, `redis://matrix:grant-pw@127.0.0.1:${plain.port}/0`);
      expect(await plain.client.call('ACL', 'LOG')).toEqual([]);
    } finally {
      await plain.client.call('ACL', 'DELUSER', 'matrix');
    }
  });

  it('TLS with a private CA (trusted through NODE_EXTRA_CA_CERTS, as n8n would be told)', async (context) => {
    if (!tls || !certificates) return context.skip();
    await runParts('tls-private-ca', { host: 'localhost', port: tls.port, ssl: true, database: 0 }, `rediss://localhost:${tls.port}/0`, { env: { NODE_EXTRA_CA_CERTS: certificates.ca } });
  });

  it('TLS self-signed with verification off (Ignore SSL Issues, --tls-insecure)', async (context) => {
    if (!tls) return context.skip();
    await runParts('tls-insecure', { host: 'localhost', port: tls.port, ssl: true, disableTlsVerification: true, database: 0 }, `rediss://localhost:${tls.port}/0`, { cliArgs: ['--tls-insecure'] });
  });
});

describe('a 3-master Redis Cluster', DEPLOYMENT_TIMEOUT, () => {
  let cluster: TestCluster;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 60_000);
  afterAll(async () => cluster?.stop());

  it('every part works, as an ACL user with the documented grant plus +cluster|slots +cluster|info; a scope\'s keys share one slot whatever the scope; different scopes spread over the slots', async () => {
    for (const master of cluster.masters) await master.client.call('ACL', 'SETUSER', ...aclSetUserArguments('matrix', 'grant-pw', { cluster: true }));
    const credential: RedisCredential = { topology: 'cluster', clusterNodes: cluster.nodesText, user: 'matrix', password: 'grant-pw' };
    const slotOf = async (key: string) => Number(await cluster.masters[0].client.call('CLUSTER', 'KEYSLOT', key));
    await runParts('cluster', credential, cluster.url.replace('://', '://matrix:grant-pw@'), { slotOf });
    for (const master of cluster.masters) expect(await master.client.call('ACL', 'LOG')).toEqual([]);
    line('cluster', 'stock', 'unsupported');
  });

  it('a Cluster node given as a standalone server, and a standalone server given as a Cluster: one clear error each', async () => {
    const [first] = cluster.ports;
    await expect(exerciseLock({ host: '127.0.0.1', port: first, database: 0 })).rejects.toThrow(/is a Redis Cluster node; use the n8n-lock Redis credential \(n8nLockRedisApi\) with Topology "Cluster"/);
    const asStandalone = await runCliAsync(['status', '--redis-url', `redis://127.0.0.1:${first}/0`]);
    expect([asStandalone.status, asStandalone.stderr]).toEqual([2, expect.stringContaining(`it is a Redis Cluster node, and one node holds only its own slots' keys; use redis-cluster://127.0.0.1:${first}`)]);
    const standalone = await startRedis();
    try {
      await expect(exerciseLock({ topology: 'cluster', clusterNodes: `127.0.0.1:${standalone.port}` })).rejects.toThrow(/not a Cluster node \(cluster support disabled\): choose Topology "Standalone"/);
      const asCluster = await runCliAsync(['status', '--redis-url', `redis-cluster://127.0.0.1:${standalone.port}`]);
      expect([asCluster.status, asCluster.stderr]).toEqual([2, expect.stringContaining('not a Cluster node (cluster support disabled): use redis://')]);
    } finally {
      await standalone.stop();
    }
  });
});

describe('a Sentinel set (master, replica, 3 sentinels)', DEPLOYMENT_TIMEOUT, () => {
  let set: TestSentinelSet;
  beforeAll(async () => {
    set = await startSentinelSet();
  }, 60_000);
  afterAll(async () => set?.stop());

  it('every part works through the sentinels', async () => {
    await runParts('sentinel', { topology: 'sentinel', sentinels: set.sentinelsText, masterName: 'n8nlockmaster', database: 0 }, set.url);
    line('sentinel', 'stock', 'unsupported');
  });

  it('a master name the sentinels do not know: one clear error', async () => {
    await expect(exerciseLock({ topology: 'sentinel', sentinels: set.sentinelsText, masterName: 'nosuchmaster' })).rejects.toThrow(/Cannot connect to the Redis master "nosuchmaster"/);
  });
});
