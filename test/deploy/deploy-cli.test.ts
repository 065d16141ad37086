// deploy and pull refuse bad input before they talk to n8n: one line, exit 2, no file changed.
// The refusals that need an n8n run against a real one in test/e2e/deploy.e2e.test.ts.
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, snapshot, tempRepo } from '../support/cli.js';

const ENV = '# dev\nname: dev\nn8n:\n  url: http://127.0.0.1:9\ncredentials:\n  redis: { id: "R3d1s0000000000A", name: "Redis" }\n';
const SECRET = 'n8n_api_SECRET-must-never-be-printed';

function repo(env = ENV): string {
  const dir = tempRepo({ 'envs/dev.yml': env });
  const made = runCli(['create-lock', '--cwd', dir]);
  if (made.status !== 0) throw new Error(made.stderr);
  return dir;
}

function refused(dir: string, args: string[], expected: RegExp, env: Record<string, string> = { N8N_API_KEY: SECRET }) {
  const before = snapshot(dir);
  const run = runCli([...args, '--cwd', dir], { env });
  expect(run.status, run.stderr).toBe(2);
  const lines = run.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(expected);
  expect(run.stdout + run.stderr).not.toContain(SECRET);
  expect(snapshot(dir)).toEqual(before);
}

describe('deploy and pull: bad input', () => {
  it('without a URL, a key, or with a malformed one', () => {
    const dir = repo(ENV.replace(/n8n:\n  url: .*\n/, ''));
    refused(dir, ['deploy', '--env', 'dev'], /^n8n-lock: no n8n URL: pass --n8n-url or set n8n.url in envs\/dev.yml$/);
    refused(dir, ['deploy', '--env', 'dev', '--n8n-url', 'ftp://n8n.example.com'], /only http and https are supported/);
    refused(dir, ['deploy', '--env', 'dev', '--n8n-url', 'not a url'], /is not a URL/);
    refused(dir, ['deploy', '--env', 'dev', '--n8n-url', 'https://user:pw@n8n.example.com'], /credentials in the URL are not supported/);
    refused(dir, ['deploy', '--env', 'dev', '--n8n-url', 'http://127.0.0.1:9'], /^n8n-lock: no API key: set N8N_API_KEY or pass --api-key-file/, { N8N_API_KEY: '' });
    refused(dir, ['pull', '--env', 'dev', '--n8n-url', 'http://127.0.0.1:9', '--api-key-file', 'nope.txt'], /--api-key-file: file not found/);
  });

  it('usage errors: two envs, an unknown format, an unknown workflow', () => {
    const dir = repo();
    writeFileSync(join(dir, 'envs', 'prod.yml'), ENV.replace('dev', 'prod'));
    refused(dir, ['deploy', '--env', 'dev,prod'], /--env: deploy takes exactly one environment/);
    refused(dir, ['deploy', '--env', 'dev', '--format', 'xml'], /--format must be text or json/);
    refused(dir, ['deploy', '--env', 'dev', '--via', 'ftp'], /--via must be auto, package or api/);
    refused(dir, ['deploy', '--env', 'dev', 'no_such_workflow'], /unknown workflow "no_such_workflow": workflows\/no_such_workflow.json does not exist/);
    refused(dir, ['pull', '--env', 'dev'], /envs\/dev.yml has no workflow ids to pull/);
  });

  it('a placeholder that does not resolve is refused before n8n is asked anything', () => {
    const dir = repo();
    writeFileSync(join(dir, 'workflows', 'odd.json'), JSON.stringify({ name: 'Odd', nodes: [{ id: 'a', name: 'A', type: 'n8n-nodes-base.noOp', typeVersion: 1, position: [0, 0], parameters: { x: '{{@:env:custom.nope}}' } }], connections: {}, settings: {} }));
    // The URL answers nothing: a refusal that needed n8n would say "cannot reach".
    refused(dir, ['deploy', '--env', 'dev'], /^n8n-lock: workflows\/odd.json: \{\{@:env:custom.nope\}\} is not set in the env file for env "dev"/);
  });

  it('an unreachable n8n: one line naming the URL, never the key', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve)); // nothing listens there now
    refused(repo(), ['deploy', '--env', 'dev', '--dry-run', '--n8n-url', `http://127.0.0.1:${port}`], new RegExp(`cannot reach n8n at http://127.0.0.1:${port} \\(ECONNREFUSED\\)$`));
  });
});
