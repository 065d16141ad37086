// Operating from the env file (issue 38, finding 3): status, unlock and functions status read the
// Redis URL from --env's redis.url, say on their first line which Redis they read and why, and an
// env without a url is one line, exit 2. The built binary against real redis-servers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startRedis, type TestRedis } from './support/redis-server.js';
import { runCliAsync } from './support/cli.js';
import { meta } from './fixtures.js';

let fromEnvFile: TestRedis;
let other: TestRedis;
let repo: string;
beforeAll(async () => {
  [fromEnvFile, other] = await Promise.all([startRedis(), startRedis()]);
  repo = mkdtempSync(join(tmpdir(), 'n8n-lock-env-redis-'));
  mkdirSync(join(repo, 'envs'));
  writeFileSync(join(repo, 'envs', 'dev.yml'), `name: dev\nredis:\n  url: ${fromEnvFile.url}\n`);
  writeFileSync(join(repo, 'envs', 'bare.yml'), 'name: bare\nn8n: { url: http://127.0.0.1:1 }\n');
});
afterAll(async () => {
  await Promise.all([fromEnvFile?.stop(), other?.stop()]);
  if (repo) rmSync(repo, { recursive: true, force: true });
});
beforeEach(async () => {
  await Promise.all([fromEnvFile.client.flushall(), other.client.flushall()]);
  // One lock in the env file's Redis only: which Redis was read shows in the output.
  await fromEnvFile.client.multi().set('n8n-lock-billing', '1', 'EX', 600).set('n8n-lock-billing:meta', meta('4711', new Date().toISOString()), 'EX', 600).exec();
});

describe('status --env', () => {
  it('reads redis.url of envs/<name>.yml and names the file on its first line', async () => {
    const run = await runCliAsync(['status', '--env', 'dev', '--cwd', repo, '--recheck-ms', '0']);
    expect([run.status, run.stderr]).toEqual([0, '']);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Redis redis://127\\.0\\.0\\.1:${fromEnvFile.port}/0 \\(from envs/dev\\.yml\\) at \\d{4}-`));
    expect(lines).toContain('LOCKS: 1 lock, 0 flagged');
    const json = JSON.parse((await runCliAsync(['status', '--env', 'dev', '--cwd', repo, '--format', 'json'])).stdout);
    expect([json.redis, json.redis_source]).toEqual([`redis://127.0.0.1:${fromEnvFile.port}/0`, 'envs/dev.yml']);
  });

  it('precedence: --redis-url, then $N8N_LOCK_REDIS_URL, then the env file', async () => {
    const byVariable = await runCliAsync(['status', '--env', 'dev', '--cwd', repo, '--format', 'json'], { N8N_LOCK_REDIS_URL: other.url });
    expect(JSON.parse(byVariable.stdout)).toMatchObject({ redis: `redis://127.0.0.1:${other.port}/0`, redis_source: '$N8N_LOCK_REDIS_URL', summary: { locks: 0 } });
    const byFlag = await runCliAsync(['status', '--env', 'dev', '--cwd', repo, '--redis-url', other.url], { N8N_LOCK_REDIS_URL: fromEnvFile.url });
    expect(byFlag.stdout.split('\n')[0]).toMatch(new RegExp(`^Redis redis://127\\.0\\.0\\.1:${other.port}/0 \\(from --redis-url\\) at `));
    expect(byFlag.stdout).toContain('LOCKS: 0 locks, 0 flagged');
  });

  it('an env without redis.url: one line naming the file, exit 2, nothing read or written', async () => {
    const before = readFileSync(join(repo, 'envs', 'bare.yml'), 'utf8');
    for (const args of [['status'], ['unlock', 'billing', '--force'], ['functions', 'status']]) {
      const run = await runCliAsync([...args, '--env', 'bare', '--cwd', repo]);
      expect([run.status, run.stdout, run.stderr]).toEqual([2, '', 'n8n-lock: --env bare: envs/bare.yml has no redis.url (add redis: { url: redis://host:6379/0 } there, or pass --redis-url)\n']);
    }
    expect(readFileSync(join(repo, 'envs', 'bare.yml'), 'utf8')).toBe(before);
    expect(await fromEnvFile.client.exists('n8n-lock-billing')).toBe(1);
    const unknown = await runCliAsync(['status', '--env', 'nope', '--cwd', repo]);
    expect([unknown.status, unknown.stderr]).toEqual([2, 'n8n-lock: --env nope: no such environment in envs (found: bare, dev)\n']);
  });
});

describe('a connection failure names where the URL came from (it is then the first line)', () => {
  it('status and functions status, from the variable or the env file; not repeated for --redis-url', async () => {
    const port = await freePort();
    const dead = `redis://127.0.0.1:${port}/0`;
    const byVariable = await runCliAsync(['status'], { N8N_LOCK_REDIS_URL: dead });
    expect([byVariable.status, byVariable.stdout, byVariable.stderr]).toEqual([2, '', `n8n-lock: cannot connect to Redis at ${dead} (from $N8N_LOCK_REDIS_URL): connection refused (is redis-server running on that host and port?)\n`]);
    writeFileSync(join(repo, 'envs', 'dead.yml'), `redis: { url: "${dead}" }\n`);
    try {
      const byFile = await runCliAsync(['functions', 'status', '--env', 'dead', '--cwd', repo]);
      expect([byFile.status, byFile.stderr]).toEqual([2, `n8n-lock: cannot connect to Redis at ${dead} (from envs/dead.yml): connection refused (is redis-server running on that host and port?)\n`]);
    } finally {
      rmSync(join(repo, 'envs', 'dead.yml'));
    }
    const byFlag = await runCliAsync(['status', '--redis-url', dead]);
    expect(byFlag.stderr).toBe(`n8n-lock: cannot connect to Redis at ${dead}: connection refused (is redis-server running on that host and port?)\n`);
  });
});

describe('unlock and functions status name the Redis they read', () => {
  it('unlock --env: the first stderr line names the Redis and the file; the lock there is freed', async () => {
    const run = await runCliAsync(['unlock', 'billing', '--force', '--env', 'dev', '--cwd', repo]);
    expect(run.status).toBe(0);
    expect(run.stderr.split('\n')[0]).toBe(`unlock: Redis redis://127.0.0.1:${fromEnvFile.port}/0 (from envs/dev.yml)`);
    expect(await fromEnvFile.client.exists('n8n-lock-billing')).toBe(0);
  });

  it('unlock from $N8N_LOCK_REDIS_URL says so first; with --redis-url (typed on the line) it does not repeat it', async () => {
    const byVariable = await runCliAsync(['unlock', 'billing', '--force', '--dry-run'], { N8N_LOCK_REDIS_URL: fromEnvFile.url });
    expect(byVariable.stderr.split('\n')[0]).toBe(`unlock: Redis redis://127.0.0.1:${fromEnvFile.port}/0 (from $N8N_LOCK_REDIS_URL)`);
    const byFlag = await runCliAsync(['unlock', 'billing', '--force', '--dry-run', '--redis-url', fromEnvFile.url]);
    expect(byFlag.stderr).not.toContain('unlock: Redis');
  });

  it('functions status --env: the first line names the file', async () => {
    const run = await runCliAsync(['functions', 'status', '--env', 'dev', '--cwd', repo]);
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(new RegExp(`^Redis redis://127\\.0\\.0\\.1:${fromEnvFile.port}/0 \\(from envs/dev\\.yml\\) at `));
  });
});
