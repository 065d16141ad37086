// The Redis deployments in a real n8n 2.41 (regular mode): the STOCK primitives, rendered by the
// CLI per environment and run by n8n's own Redis node, against each standalone deployment the unit
// matrix covers (database 3, requirepass, an ACL user with the documented grant, TLS with a private
// CA trusted through NODE_EXTRA_CA_CERTS, TLS self-signed with Ignore SSL Issues); and the native
// Lock node with the package's credential (n8nLockRedisApi) against a 3-master Cluster and a
// Sentinel set, which n8n's own Redis node cannot reach. Three concurrent executions per
// deployment must run their critical sections one after another. Prints, for the stock parts,
//   redis: deployment=<d> part=stock result=ok
// (n8n-nodes/test/deployments.test.ts prints the other parts, and `stock ... unsupported` for
// Cluster and Sentinel).
import { mkdirSync, rmSync, writeFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCI, log, startStack, Unavailable, type Stack } from './harness/index.js';
import { chain, code, wait, webhook } from './lib/fixtures.js';
import { n8nLock } from './lib/deploy.js';
import { hasOpenssl, makeTestCertificates, startRedis, type TestRedis, type TlsFiles } from '../ops/support/redis-server.js';
import { startCluster, startSentinelSet, MASTER_NAME, type TestCluster, type TestSentinelSet } from '../ops/support/redis-deployments.js';
import { aclSetUserArguments } from '../../src/ops/acl.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';

interface StockDeployment {
  name: string;
  /** The stock `redis` credential's data, as n8n stores it. */
  data: Record<string, unknown>;
  /** The server and database the lock must be written to (and nothing to database 0 when it is another). */
  server: () => TestRedis;
  db: number;
}

const HOLD_SECONDS = 0.3;
const CALLS = 3;

let plain: TestRedis;
let password: TestRedis;
let tls: TestRedis | undefined;
let certificates: TlsFiles | undefined;
let cluster: TestCluster;
let sentinel: TestSentinelSet;
let stack: Stack | undefined;
let workDir: string;

const stockDeployments = (): StockDeployment[] => [
  { name: 'database-3', data: { host: '127.0.0.1', port: plain.port, database: 3, user: '', password: '', ssl: false }, server: () => plain, db: 3 },
  { name: 'requirepass', data: { host: '127.0.0.1', port: password.port, database: 0, user: '', password: 'p@ss:w/rd', ssl: false }, server: () => password, db: 0 },
  { name: 'acl-user', data: { host: '127.0.0.1', port: plain.port, database: 0, user: 'stockgrant', password: 'grant-pw', ssl: false }, server: () => plain, db: 0 },
  ...(tls
    ? [
        { name: 'tls-private-ca', data: { host: 'localhost', port: tls.port, database: 0, user: '', password: '', ssl: true, disableTlsVerification: false }, server: () => tls!, db: 0 },
        { name: 'tls-insecure', data: { host: 'localhost', port: tls.port, database: 0, user: '', password: '', ssl: true, disableTlsVerification: true }, server: () => tls!, db: 0 },
      ]
    : []),
];

/** 16-character ids n8n's import keeps: one family per deployment. */
const id = (prefix: string, index: number, kind: string) => `${prefix}${index}${kind}`.padEnd(16, '0');

/** The native probe: Lock (Acquire) -> a held section -> Lock (Release), with the package's credential. */
function nativeProbe(name: string, index: number) {
  const lock = (nodeName: string, operation: 'acquire' | 'release') => ({
    parameters: { authentication: 'n8nLockRedisApi', operation, scope: `native-${name}`, ...(operation === 'acquire' ? { ttlSeconds: 60, maxWaitSeconds: 60 } : {}), options: {} },
    id: `dep00000-0000-4000-8000-${String(index * 10 + (operation === 'acquire' ? 1 : 2)).padStart(12, '0')}`,
    name: nodeName,
    type: LOCK_NODE_TYPE,
    typeVersion: 1,
    position: [0, 0],
    credentials: { n8nLockRedisApi: { id: id('DepCredN', index, ''), name: `Redis ${name}` } },
  });
  const flow = chain(`Native ${name}`, [webhook(`native-${name}`), lock('Lock Acquire', 'acquire'), code('Enter', 'return [{ json: { start: Date.now() } }];'), wait('Hold', HOLD_SECONDS), code('Leave', "return [{ json: { start: $('Enter').first().json.start, end: Date.now() } }];"), lock('Lock Release', 'release')]);
  return { id: id('DepNative', index, ''), ...flow };
}

/** Critical sections [start, end] of the responses; none may overlap another. */
function overlapsOf(sections: Array<{ start: number; end: number }>): number {
  const sorted = [...sections].sort((a, b) => a.start - b.start);
  let overlaps = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i].start < sorted[i - 1].end) overlaps++;
  return overlaps;
}

const sectionOf = (body: unknown): { start: number; end: number } => {
  const json = (Array.isArray(body) ? body[0] : body) as { start?: number; end?: number };
  if (typeof json?.start !== 'number' || typeof json?.end !== 'number') throw new Error(`no critical section in the response: ${JSON.stringify(body).slice(0, 300)}`);
  return { start: json.start, end: json.end };
};

beforeAll(async () => {
  plain = await startRedis();
  password = await startRedis({ password: 'p@ss:w/rd' });
  await plain.client.call('ACL', 'SETUSER', ...aclSetUserArguments('stockgrant', 'grant-pw'));
  if (hasOpenssl()) {
    certificates = makeTestCertificates();
    tls = await startRedis({ tls: certificates });
  } else if (isCI()) throw new Unavailable('openssl is missing: the TLS deployments cannot be made');
  cluster = await startCluster();
  sentinel = await startSentinelSet();

  // The user's repository: the stock primitives and one probe, locked by the CLI, one env per deployment.
  workDir = join(process.env.TMPDIR ?? '/tmp', `n8n-lock-deployments-${process.pid}`);
  const repo = join(workDir, 'repo');
  mkdirSync(join(repo, 'workflows'), { recursive: true });
  mkdirSync(join(repo, 'envs'), { recursive: true });
  const probe = chain('Deployment Probe', [webhook('dep-{{@:env:name}}'), code('Enter', 'return [{ json: { start: Date.now() } }];'), wait('Hold', HOLD_SECONDS), code('Leave', "return [{ json: { start: $('Enter').first().json.start, end: Date.now() } }];")]);
  writeFileSync(join(repo, 'workflows', 'dep_probe.json'), JSON.stringify(probe, null, 2) + '\n');
  const deployments = stockDeployments();
  deployments.forEach((d, i) =>
    writeFileSync(
      join(repo, 'envs', `${d.name}.yml`),
      [
        `name: ${d.name}`,
        'credentials:',
        `  redis: { id: "${id('DepCredS', i, '')}", name: "Redis ${d.name}" }`,
        'workflows:',
        `  lock_acquisition: { id: "${id('DepAcq', i, '')}", name: "lock_acquisition ${d.name}" }`,
        `  lock_release: { id: "${id('DepRel', i, '')}", name: "lock_release ${d.name}" }`,
        `  error_handler_lock_cleanup: { id: "${id('DepClean', i, '')}", name: "error_handler_lock_cleanup ${d.name}" }`,
        `  dep_probe: { id: "${id('DepProbe', i, '')}", name: "Probe ${d.name}" }`,
        'lockScopes: []',
        '',
      ].join('\n'),
    ),
  );
  const envs = ['--env', deployments.map((d) => d.name).join(',')];
  for (const args of [['create-lock', '--include-error-handler', ...envs], ['add-lock-to-workflow', 'dep_probe', '--scope-expression', 'dep-probe', ...envs]]) {
    const run = n8nLock(repo, args);
    if (run.status !== 0) throw new Error(`n8n-lock ${args.join(' ')}: ${run.stderr}`);
  }
  const workflows: Array<Record<string, unknown>> = [];
  for (const d of deployments) {
    const out = join(workDir, 'rendered', d.name);
    const run = n8nLock(repo, ['render', '--env', d.name, '--out', out]);
    if (run.status !== 0) throw new Error(`n8n-lock render --env ${d.name}: ${run.stderr}`);
    for (const file of readdirSync(out)) workflows.push(JSON.parse(readFileSync(join(out, file), 'utf8')));
  }
  const natives = [
    { name: 'cluster', data: { topology: 'cluster', clusterNodes: cluster.nodesText, user: '', password: '', ssl: false, replicaAcks: 0 } },
    { name: 'sentinel', data: { topology: 'sentinel', sentinels: sentinel.sentinelsText, masterName: MASTER_NAME, database: 0, user: '', password: '', ssl: false, replicaAcks: 1, replicaAckTimeoutMs: 1000 } },
  ];
  natives.forEach((n, i) => workflows.push(nativeProbe(n.name, i)));
  stack = await startStack({
    name: 'n8n-lock-e2e-deployments',
    nodePackage: true,
    workflows,
    credentials: [
      ...deployments.map((d, i) => ({ id: id('DepCredS', i, ''), name: `Redis ${d.name}`, type: 'redis', data: d.data })),
      ...natives.map((n, i) => ({ id: id('DepCredN', i, ''), name: `Redis ${n.name}`, type: 'n8nLockRedisApi', data: n.data })),
    ],
    webhookPaths: [...deployments.map((d) => `dep-${d.name}`), ...natives.map((n) => `native-${n.name}`)],
    n8n: certificates ? { env: { NODE_EXTRA_CA_CERTS: certificates.ca } } : {},
  });
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all([plain?.stop(), password?.stop(), tls?.stop(), cluster?.stop(), sentinel?.stop()]);
  if (certificates) rmSync(certificates.dir, { recursive: true, force: true });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** CALLS concurrent executions of a webhook; their critical sections, checked to be one at a time. */
async function runConcurrently(path: string): Promise<{ overlaps: number; ms: number }> {
  const started = Date.now();
  const responses = await Promise.all(Array.from({ length: CALLS }, () => stack!.n8n.call(path)));
  for (const response of responses) expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  return { overlaps: overlapsOf(responses.map((r) => sectionOf(r.body))), ms: Date.now() - started };
}

describe('the stock primitives (n8n\'s own Redis node) on each standalone deployment', () => {
  it.each(['database-3', 'requirepass', 'acl-user', 'tls-private-ca', 'tls-insecure'])('%s', async (name) => {
    const deployment = stockDeployments().find((d) => d.name === name);
    if (!deployment) return; // TLS without openssl, outside CI
    const { overlaps, ms } = await runConcurrently(`dep-${name}`);
    expect(overlaps).toBe(0);
    expect(ms).toBeGreaterThanOrEqual(CALLS * HOLD_SECONDS * 1000);
    // Released, in the configured database, and nothing written to database 0 when that is another.
    const server = deployment.server().client;
    await server.select(deployment.db);
    expect(await server.exists('n8n-lock-dep-probe', 'n8n-lock-dep-probe:meta')).toBe(0);
    if (deployment.db !== 0) {
      await server.select(0);
      expect(await server.keys('n8n-lock-*')).toEqual([]);
    }
    await server.select(0);
    log(`deployment ${name}: ${CALLS} stock-locked executions in ${ms} ms, overlaps ${overlaps}`);
    console.log(`redis: deployment=${name} part=stock result=ok`);
  });
});

describe('the native Lock node with the n8n-lock credential where the stock node cannot go', () => {
  it.each(['cluster', 'sentinel'])('%s', async (name) => {
    const { overlaps, ms } = await runConcurrently(`native-${name}`);
    expect(overlaps).toBe(0);
    log(`deployment ${name}: ${CALLS} executions locked by the Lock node in n8n in ${ms} ms, overlaps ${overlaps}`);
  });
});
