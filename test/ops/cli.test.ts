// The built binary against a real redis-server: what an operator or a cron job sees.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { freePort, hasOpenssl, makeTestCertificates, startRedis, type TestRedis } from './support/redis-server.js';
import { runCliAsync } from './support/cli.js';
import { meta } from './fixtures.js';

let redis: TestRedis;
let secured: TestRedis;
beforeAll(async () => {
  [redis, secured] = await Promise.all([startRedis(), startRedis({ password: 'hunter2' })]);
});
afterAll(async () => {
  await Promise.all([redis?.stop(), secured?.stop()]);
});
beforeEach(async () => {
  await redis.client.flushall();
});

const holdBilling = (lockId = '4711') =>
  redis.client
    .multi()
    .set('n8n-lock-billing', '1', 'EX', 600)
    .set('n8n-lock-billing:meta', meta(lockId, new Date(Date.now() - 65_000).toISOString()), 'EX', 600)
    .exec();

describe('n8n-lock status', () => {
  it('table: healthy lock and an orphan; exit 1 because the orphan is flagged', async () => {
    await holdBilling();
    await redis.client.set('n8n-lock-orphan', '1');
    await redis.client.set('n8n-ratelimit-api-29166666', '3', 'EX', 60);
    const run = await runCliAsync(['status', '--redis-url', redis.url, '--recheck-ms', '0']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Redis redis://127\\.0\\.0\\.1:${redis.port}/0 \\(from --redis-url\\) at \\d{4}-`));
    expect(lines).toContain('LOCKS: 2 locks, 1 flagged');
    expect(lines.find((line) => line.startsWith('billing '))).toMatch(/^billing\s+1\s+9m5\ds\s+1m0\ds\s+Invoice Sync \(wf AbCdEf0123456789, exec 4711\)\s+4711\s+\?\s+ok$/);
    expect(lines.find((line) => line.startsWith('orphan '))).toMatch(/^orphan\s+1\s+never\s+-\s+-\s+-\s+\?\s+no-ttl,no-sidecar$/);
    expect(lines.find((line) => line.startsWith('api '))).toMatch(/^api\s+29166666\s+3\s+\d+s\s+ok$/);
    expect(run.stdout).toContain('  no-ttl (1): counter has no TTL');
  });

  it('json, from N8N_LOCK_REDIS_URL, with --scope; exit 0 when what is selected is healthy', async () => {
    await holdBilling();
    await redis.client.set('n8n-lock-orphan', '1');
    const run = await runCliAsync(['status', '--format', 'json', '--scope', 'bill*'], { N8N_LOCK_REDIS_URL: redis.url });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.locks.map((lock: { scope: string }) => lock.scope)).toEqual(['billing']);
    expect(report.locks[0].sidecar.holder.lock_id).toBe('4711');
    expect(report.summary.flagged_locks).toBe(0);
    expect(report.scan.round_trips).toBe(2);
  });

  it('a lock caught between INCR and its sidecar SET is not flagged (rechecked after --recheck-ms)', async () => {
    await redis.client.set('n8n-lock-acquiring', '1', 'EX', 600);
    const scansBefore = await scanCalls();
    const run = runCliAsync(['status', '--redis-url', redis.url, '--recheck-ms', '1500', '--format', 'json']);
    // Once the CLI has scanned, the "execution" writes its sidecar, as lock_acquisition would.
    while ((await scanCalls()) === scansBefore) await new Promise((r) => setTimeout(r, 10));
    await redis.client.set('n8n-lock-acquiring:meta', meta('77', new Date().toISOString()), 'EX', 600);
    const result = await run;
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.locks[0]).toMatchObject({ scope: 'acquiring', flags: [], sidecar: { holder: { lock_id: '77' } } });
    expect(report.scan.round_trips).toBe(3);
  });

  it('an empty Redis: exit 0', async () => {
    const run = await runCliAsync(['status', '--redis-url', redis.url]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('LOCKS: 0 locks, 0 flagged');
  });

  it('bad flags are exit 2 before connecting', async () => {
    expect((await runCliAsync(['status', '--redis-url', redis.url, '--format', 'yaml'])).status).toBe(2);
    const badGlob = await runCliAsync(['status', '--redis-url', redis.url, '--scope', '[z-a]']);
    expect([badGlob.status, badGlob.stderr]).toEqual([2, 'n8n-lock: invalid --scope glob "[z-a]" (use *, ?, [abc], [a-z], [^x] and \\ to escape)\n']);
    const badUrl = await runCliAsync(['status', '--redis-url', 'http://:hunter2@x']);
    expect([badUrl.status, badUrl.stderr]).toEqual([2, 'n8n-lock: invalid Redis URL "http://:***@x": unsupported scheme "http:" (expected redis://[user:password@]host:port/db, rediss://... for TLS, redis-cluster://host:port,host:port or redis-sentinel://host:port,host:port/db#master)\n']);
  });
});

async function scanCalls(): Promise<number> {
  const stats = await redis.client.info('commandstats');
  return Number(/cmdstat_scan:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

describe('native engine holders (the Lock node of n8n-nodes-lock)', () => {
  const holdNative = () =>
    redis.client
      .multi()
      .set('n8n-lock-crm-7', '1', 'PX', 600_000)
      .set('n8n-lock-crm-7:meta', JSON.stringify({ lock_id: '5120', workflow_id: 'Wf0000000000000A', workflow_name: 'CRM Upsert', execution_id: '5120', locked_at: new Date(Date.now() - 5_000).toISOString(), fence: 42, engine: 'node' }), 'PX', 600_000)
      .set('n8n-lock-crm-7:fence', '42')
      .rpush('n8n-lock-crm-7:wake', '1')
      .exec();

  it('status shows the holder with its fence; the fence and wake keys are no locks of their own', async () => {
    await holdNative();
    const run = await runCliAsync(['status', '--redis-url', redis.url, '--recheck-ms', '0']);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')).toContain('LOCKS: 1 lock, 0 flagged');
    expect(run.stdout.split('\n').find((l) => l.startsWith('crm-7 '))).toMatch(/CRM Upsert \(wf Wf0000000000000A, exec 5120, fence 42\)\s+5120\s+\?\s+ok$/);
    const json = JSON.parse((await runCliAsync(['status', '--redis-url', redis.url, '--format', 'json', '--recheck-ms', '0'])).stdout);
    expect(json.locks[0].sidecar.holder).toMatchObject({ lock_id: '5120', fence: 42, engine: 'node' });
  });

  it('unlock names the fence of the holder it refuses to free', async () => {
    await holdNative();
    const run = await runCliAsync(['unlock', 'crm-7', '--lock-id', 'nope', '--redis-url', redis.url]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is held by CRM Upsert \(workflow Wf0000000000000A, execution 5120, fence 42\)/);
  });
});

describe('n8n-lock unlock', () => {
  it('a wrong --lock-id: exit 1, names the holder, both keys stay', async () => {
    await holdBilling();
    const run = await runCliAsync(['unlock', 'billing', '--lock-id', '999', '--redis-url', redis.url]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^unlock: refused, 'billing' is held by Invoice Sync \(workflow AbCdEf0123456789, execution 4711\), lock_id 4711, for 1m0\ds, not by lock_id 999; nothing deleted\n$/);
    expect(await redis.client.exists('n8n-lock-billing', 'n8n-lock-billing:meta')).toBe(2);
  });

  it('the right --lock-id, --force vouching for the holder (no n8n to ask): exit 0, both deleted, each printed', async () => {
    await holdBilling();
    const run = await runCliAsync(['unlock', 'billing', '--lock-id', '4711', '--force', '--redis-url', redis.url]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^deleted n8n-lock-billing:meta \(held by Invoice Sync .*lock_id 4711, for 1m0\ds; ttl 9m5\ds\)\ndeleted n8n-lock-billing \(count 1; ttl 9m5\ds\)\n$/);
    expect(run.stderr).toMatch(/^unlock: cannot tell whether Invoice Sync \(workflow AbCdEf0123456789, execution 4711\), which holds 'billing', still runs: no n8n to ask .*\nunlock: if it does, .*\nunlock: --force: freeing it anyway\nunlock: 'billing' is free \(2 keys deleted\)\n$/);
    expect(await redis.client.exists('n8n-lock-billing', 'n8n-lock-billing:meta')).toBe(0);
  });

  it('--force on an orphan (no TTL, no sidecar); --dry-run first changes nothing', async () => {
    await redis.client.set('n8n-lock-orphan', '1');
    const dry = await runCliAsync(['unlock', 'orphan', '--force', '--dry-run', '--redis-url', redis.url]);
    expect([dry.status, dry.stdout]).toEqual([0, 'would delete n8n-lock-orphan (count 1; ttl never)\n']);
    expect(await redis.client.exists('n8n-lock-orphan')).toBe(1);
    const run = await runCliAsync(['unlock', 'orphan', '--force', '--redis-url', redis.url]);
    expect([run.status, run.stdout, run.stderr]).toEqual([0, 'deleted n8n-lock-orphan (count 1; ttl never)\n', "unlock: 'orphan' is free (1 key deleted)\n"]);
    expect(await redis.client.exists('n8n-lock-orphan')).toBe(0);
  });

  it('needs --lock-id or --force (exit 2)', async () => {
    const run = await runCliAsync(['unlock', 'billing', '--redis-url', redis.url]);
    expect([run.status, run.stderr]).toEqual([2, 'n8n-lock: unlock needs --lock-id <id>, --force, or both\n']);
  });

  it('50 unlock processes at once with the right lock_id: exactly one deletes', async () => {
    await holdBilling('race');
    const runs = await Promise.all(Array.from({ length: 50 }, () => runCliAsync(['unlock', 'billing', '--lock-id', 'race', '--force', '--redis-url', redis.url])));
    expect(runs.map((run) => run.status)).toEqual(Array(50).fill(0));
    const deleters = runs.filter((run) => run.stdout.includes('deleted n8n-lock-billing'));
    expect(deleters).toHaveLength(1);
    expect(runs.filter((run) => run.stderr.includes('is not locked'))).toHaveLength(49);
  }, 120_000);
});

describe('connection failures: one line, exit 2, within a few seconds, no password shown', () => {
  it('an ACL user without EVAL: the error reply, as one line', async () => {
    await holdBilling(); // status reads keys by EVAL only when there are keys
    await redis.client.call('ACL', 'SETUSER', 'reader', 'on', '>reader-pw', '~*', '+@all', '-eval');
    const run = await runCliAsync(['status', '--redis-url', `redis://reader:reader-pw@127.0.0.1:${redis.port}/0`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^n8n-lock: Redis at redis://reader:\\*\\*\\*@127\\.0\\.0\\.1:${redis.port}/0: NOPERM .*eval.*\\n$`));
    await redis.client.call('ACL', 'DELUSER', 'reader');
  });

  it('unreachable (nothing listening)', async () => {
    const port = await freePort();
    const run = await runCliAsync(['status', '--redis-url', `redis://:hunter2@127.0.0.1:${port}/0`]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`n8n-lock: cannot connect to Redis at redis://:***@127.0.0.1:${port}/0: connection refused (is redis-server running on that host and port?)\n`);
    expect(run.stdout).toBe('');
    expect(run.ms).toBeLessThan(15_000); // a hang guard (~0.35 s, node start included; the message says it did not wait for the deadline)
  });

  it('a peer that never answers: gives up after the 3 s connect deadline', async () => {
    const silent: Server = createServer((socket) => socket.on('data', () => {}));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const run = await runCliAsync(['unlock', 'x', '--force', '--redis-url', `redis://127.0.0.1:${port}/0`]);
      expect([run.status, run.stderr]).toEqual([2, `n8n-lock: cannot connect to Redis at redis://127.0.0.1:${port}/0: no answer within 3 s\n`]);
      expect(run.ms).toBeLessThan(20_000); // a hang guard: the 3 s deadline plus node start on a loaded two-core CI machine
    } finally {
      silent.close();
    }
  });

  it('wrong password, and no password for a server that needs one', async () => {
    const wrong = await runCliAsync(['status', '--redis-url', `redis://:wrong-hunter3@127.0.0.1:${secured.port}/0`]);
    expect([wrong.status, wrong.stderr]).toEqual([2, `n8n-lock: cannot connect to Redis at redis://:***@127.0.0.1:${secured.port}/0: wrong password (or username)\n`]);
    expect(wrong.ms).toBeLessThan(15_000); // a hang guard, as above
    const missing = await runCliAsync(['unlock', 'x', '--force'], { N8N_LOCK_REDIS_URL: `redis://127.0.0.1:${secured.port}/0` });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('the server requires a password');
    const right = await runCliAsync(['status', '--redis-url', secured.url]);
    expect(right.status).toBe(0);
    expect(right.stdout).toContain(`redis://:***@127.0.0.1:${secured.port}/0`);
    expect(right.stdout + right.stderr).not.toContain('hunter2');
  });
});

// CI images have openssl; skip rather than fail where they do not.
describe.skipIf(!hasOpenssl())('rediss:// (TLS)', () => {
  it('connects over TLS when the CA is trusted, and says why not when it is not', async () => {
    const certificates = makeTestCertificates();
    const tlsRedis = await startRedis({ tls: certificates, password: 'tls-secret' });
    try {
      await tlsRedis.client.set('n8n-lock-tls-scope', '1', 'EX', 60);
      const trusted = await runCliAsync(['status', '--redis-url', tlsRedis.url, '--recheck-ms', '0'], { NODE_EXTRA_CA_CERTS: certificates.ca });
      expect(trusted.status).toBe(1); // the counter has no sidecar
      expect(trusted.stdout).toContain(`Redis rediss://:***@localhost:${tlsRedis.port}/0`);
      expect(trusted.stdout).toMatch(/^tls-scope\s+1\s+/m);
      const untrusted = await runCliAsync(['status', '--redis-url', tlsRedis.url]);
      expect(untrusted.status).toBe(2);
      expect(untrusted.stderr).toMatch(/self[- ]signed certificate.*NODE_EXTRA_CA_CERTS/);
      expect(untrusted.stderr).toContain('--tls-insecure');
      // A self-signed server: --tls-insecure skips verification (and only makes sense with rediss://).
      const insecure = await runCliAsync(['status', '--redis-url', tlsRedis.url, '--tls-insecure', '--recheck-ms', '0']);
      expect([insecure.status, insecure.stdout]).toEqual([1, expect.stringMatching(/^tls-scope\s+1\s+/m)]);
      const unlockInsecure = await runCliAsync(['unlock', 'tls-scope', '--force', '--dry-run', '--redis-url', tlsRedis.url, '--tls-insecure']);
      expect(unlockInsecure.status).toBe(0);
      const functionsInsecure = await runCliAsync(['functions', 'status', '--redis-url', tlsRedis.url, '--tls-insecure']);
      expect(functionsInsecure.status).toBe(0);
      const wrongScheme = await runCliAsync(['status', '--redis-url', tlsRedis.url.replace('rediss:', 'redis:'), '--tls-insecure']);
      expect([wrongScheme.status, wrongScheme.stderr]).toEqual([2, `n8n-lock: --tls-insecure needs a rediss:// (or rediss-cluster://, rediss-sentinel://) URL (got redis://:***@localhost:${tlsRedis.port}/0)\n`]);
      const tlsOnPlainPort = await runCliAsync(['status', '--redis-url', `rediss://127.0.0.1:${redis.port}/0`]);
      expect([tlsOnPlainPort.status, tlsOnPlainPort.stderr]).toEqual([2, expect.stringMatching(/no TLS handshake|serves plain Redis .*use redis:\/\//)]);
      const plain = await runCliAsync(['status', '--redis-url', tlsRedis.url.replace('rediss:', 'redis:')]);
      expect(plain.status).toBe(2);
      expect(plain.stderr).toMatch(/use rediss:\/\/|did not answer like Redis/);
      expect(trusted.stdout + trusted.stderr + untrusted.stderr + plain.stderr + insecure.stdout + insecure.stderr + wrongScheme.stderr).not.toContain('tls-secret');
    } finally {
      await tlsRedis.stop();
      rmSync(certificates.dir, { recursive: true, force: true });
    }
  });
});

describe('--help', () => {
  it.each(['status', 'unlock'])('%s has examples and exit codes', async (command) => {
    const run = await runCliAsync([command, '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Examples:');
    expect(run.stdout).toContain(`$ n8n-lock ${command}`);
    expect(run.stdout).toContain('Exit codes:');
    expect(run.stdout).toContain('--redis-url <url>');
  });
});
