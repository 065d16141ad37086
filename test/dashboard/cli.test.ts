// `n8n-lock dashboard`, the built binary: bad input is exit 2 with one line and nothing served;
// every flag has its N8N_LOCK_DASHBOARD_* variable, and the flag beats the variable, which beats
// the --env file, which beats the default; a Redis URL that does not parse is said on the page,
// naming where it came from; SIGTERM stops it with exit 0.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliAsync } from '../ops/support/cli.js';
import { expectPortInUseRefused } from '../support/busy-port.js';
import { freePort } from '../ops/support/redis-server.js';
import { useRedisServer } from '../ops/support/use-redis-server.js';
import { startCliServer, type CliServer } from '../support/cli-server.js';

const redis = useRedisServer();
const TOKEN = 'cli-test-token-0123456789';
const repo = mkdtempSync(join(tmpdir(), 'n8n-lock-dashboard-cli-'));
const servers: CliServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  rmSync(repo, { recursive: true, force: true });
});
const serve = async (...args: Parameters<typeof startCliServer>) => {
  const server = await startCliServer(...args);
  servers.push(server);
  return server;
};
const configOf = async (url: string) => JSON.parse(/<script type="application\/json" id="config">(.*?)<\/script>/.exec(await (await fetch(url)).text())![1]);

describe('n8n-lock dashboard', () => {
  it.each([
    ['--allow-actions without a token', ['--allow-actions'], {}, /^n8n-lock: --allow-actions needs a token: set \$N8N_LOCK_DASHBOARD_TOKEN \(or --token-file <file>\)/],
    ['its variable without a token', [], { N8N_LOCK_DASHBOARD_ALLOW_ACTIONS: 'true' }, /^n8n-lock: --allow-actions needs a token/],
    ['a boolean variable that is neither', [], { N8N_LOCK_DASHBOARD_ALLOW_ACTIONS: 'maybe' }, /^n8n-lock: \$N8N_LOCK_DASHBOARD_ALLOW_ACTIONS must be true or false/],
    ['beyond loopback without a token', ['--listen', '0.0.0.0:0'], {}, /^n8n-lock: --listen 0\.0\.0\.0:0 reaches beyond this machine and there is no token/],
    ['beyond loopback by its variable', [], { N8N_LOCK_DASHBOARD_LISTEN: '0.0.0.0:0' }, /^n8n-lock: --listen 0\.0\.0\.0:0 reaches beyond this machine/],
    ['a short token', ['--allow-actions'], { N8N_LOCK_DASHBOARD_TOKEN: 'short' }, /^n8n-lock: the token \(\$N8N_LOCK_DASHBOARD_TOKEN\) has 5 characters/],
    ['an update slower than a second', ['--interval-ms', '2000'], {}, /^n8n-lock: --interval-ms must be a whole number of milliseconds from 100 to 1000/],
    ['a missing token file', ['--allow-actions', '--token-file', '/nonexistent/token'], {}, /^n8n-lock: --token-file/],
  ])('refuses %s: exit 2, one line, nothing served', async (_name, args, env, message) => {
    const run = await runCliAsync(['dashboard', ...args], { N8N_LOCK_DASHBOARD_TOKEN: undefined, ...env });
    expect([run.status, run.stdout]).toEqual([2, '']);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses a port in use: exit 2, one line', async () => {
    await expectPortInUseRefused(['dashboard', '--redis-url', `redis://127.0.0.1:${redis.port}/0`]);
  });

  it('--help has examples and names every variable', async () => {
    const run = await runCliAsync(['dashboard', '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Examples:\n  $ n8n-lock dashboard --redis-url redis://127.0.0.1:6379/0');
    const help = run.stdout.replace(/\s+/g, ' ');
    for (const name of ['REDIS_URL', 'TLS_INSECURE', 'ENV', 'LISTEN', 'N8N_URL', 'API_KEY_FILE', 'ALLOW_ACTIONS', 'TOKEN_FILE', 'INTERVAL_MS', 'CWD']) expect(help).toContain(`env: N8N_LOCK_DASHBOARD_${name})`);
  });

  it('the flag beats its variable, the variable beats the --env file, the file beats the default', async () => {
    mkdirSync(join(repo, 'envs'), { recursive: true });
    writeFileSync(join(repo, 'envs', 'dev.yml'), `name: dev\nredis:\n  url: redis://127.0.0.1:${redis.port}/0\nn8n:\n  url: https://n8n.dev.example.com\n`);
    const fromFile = await serve(['dashboard', '--env', 'dev', '--cwd', repo], { N8N_LOCK_DASHBOARD_INTERVAL_MS: '500' });
    expect(fromFile.stdout()).toMatch(new RegExp(`^n8n-lock dashboard: serving http://127\\.0\\.0\\.1:\\d+/ for redis://127\\.0\\.0\\.1:${redis.port}/0 \\(envs/dev\\.yml\\), read-only\\n$`));
    expect(await configOf(fromFile.url)).toMatchObject({ intervalMs: 500, n8nUrl: 'https://n8n.dev.example.com', actions: false });
    const fromVariable = await serve(['dashboard', '--env', 'dev', '--cwd', repo, '--interval-ms', '250', '--n8n-url', 'https://n8n.example.com'], { N8N_LOCK_DASHBOARD_REDIS_URL: `redis://127.0.0.1:${redis.port}/1`, N8N_LOCK_DASHBOARD_INTERVAL_MS: '500' });
    expect(fromVariable.stdout()).toContain(`for redis://127.0.0.1:${redis.port}/1 ($N8N_LOCK_DASHBOARD_REDIS_URL)`);
    expect(await configOf(fromVariable.url)).toMatchObject({ intervalMs: 250, n8nUrl: 'https://n8n.example.com' });
    const listening = await serve(['dashboard', '--allow-actions'], { N8N_LOCK_DASHBOARD_LISTEN: '127.0.0.1:0', N8N_LOCK_DASHBOARD_TOKEN: TOKEN, N8N_LOCK_DASHBOARD_REDIS_URL: `redis://127.0.0.1:${redis.port}/0` }, { listen: false });
    expect(listening.stdout()).toContain('actions allowed (token required)');
    expect(await configOf(listening.url)).toMatchObject({ actions: true, intervalMs: 1000 });
  });

  it('a Redis URL that does not parse: the page says why and names its variable; SIGTERM stops it (exit 0)', async () => {
    const server = await startCliServer(['dashboard'], { N8N_LOCK_DASHBOARD_REDIS_URL: `redis://127.0.0.1:${await freePort()}/db` });
    const state = (await (await fetch(`${server.url}api/state`)).json()) as { up: boolean; error: string };
    expect([state.up, state.error]).toEqual([false, expect.stringMatching(/^invalid Redis URL "redis:\/\/127\.0\.0\.1:\d+\/db": .*; fix \$N8N_LOCK_DASHBOARD_REDIS_URL$/)]);
    expect(await server.stop()).toBe(0);
  });
});
