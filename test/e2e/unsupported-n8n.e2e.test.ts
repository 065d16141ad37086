// An n8n outside the supported range (issue #36), a real one: N8N_LOCK_E2E_N8N_VERSION=2.30.8 (CI
// runs it in `npm run test:e2e:versions`). deploy refuses it with one line before it writes
// anything, and the node package refuses to load into it: n8n's installer answers with the
// package's line, n8n's log holds it, and none of its nodes is loaded. On a supported n8n (the
// default run) the file has nothing to test and skips.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSupportedN8n, SUPPORTED_N8N } from 'n8n-lock-protocol/n8n-support';
import { installedVersionIn, installThroughN8n, log, N8N_VERSION, NODE_PACKAGE_DIR, PACKAGE_SCOPES } from './harness/index.js';
import { useStack } from './harness/vitest.js';
import { createApiKey } from './harness/api-key.js';
import { BIN } from '../support/paths.js';
import { primitivesRepository, REDIS_CREDENTIAL_ID } from './lib/deploy.js';

const UNSUPPORTED = isSupportedN8n(N8N_VERSION) === false;

describe.runIf(UNSUPPORTED)(`n8n ${N8N_VERSION}, outside the supported range`, () => {
  const stack = useStack({ name: 'n8n-lock-e2e-unsupported', mode: 'regular', redisCredential: { id: REDIS_CREDENTIAL_ID, name: 'Redis e2e' }, nodePackage: 'published' });

  it('deploy: exit 2, one line naming what the n8n serves and the supported range; nothing written, in n8n or in the env file', async () => {
    const { n8n, dir } = stack.need();
    const apiKey = await createApiKey(n8n.baseUrl);
    const repo = primitivesRepository(join(dir, 'repo'));
    const envFile = join(repo, 'envs', 'dev.yml');
    const envBefore = readFileSync(envFile, 'utf8');
    for (const via of ['auto', 'api'] as const) {
      const run = spawnSync(process.execPath, [BIN, 'deploy', '--env', 'dev', '--n8n-url', n8n.baseUrl, '--via', via, '--cwd', repo], { encoding: 'utf8', env: { ...process.env, N8N_API_KEY: apiKey } });
      const lines = run.stderr.trim().split('\n');
      log(`unsupported: version=${N8N_VERSION} deploy_via=${via} exit=${run.status} line="${lines.at(-1)}"`);
      expect(run.status).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `n8n-lock: ${n8n.baseUrl} serves the public API of n8n 2.8 to 2.34 (it has no publishIfActive, so every write to a published workflow goes live at once): deploy and pull support ${SUPPORTED_N8N}`,
      );
    }
    const listed = await fetch(`${n8n.baseUrl}/api/v1/workflows?limit=250`, { headers: { 'X-N8N-API-KEY': apiKey } }).then((res) => res.json() as Promise<{ data: unknown[] }>);
    expect(listed.data).toEqual([]);
    expect(readFileSync(envFile, 'utf8')).toBe(envBefore);
  });

  it("the node package: n8n's installer answers with the package's line, n8n's log holds it, and none of its nodes is loaded", async () => {
    const { n8n } = stack.need();
    const { name, version } = JSON.parse(readFileSync(join(NODE_PACKAGE_DIR, 'package.json'), 'utf8')) as { name: string; version: string };
    const packageKey = await createApiKey(n8n.baseUrl, PACKAGE_SCOPES, 'n8n-lock e2e packages');
    // The package's own wording (its unit test pins the text).
    const line = createRequire(import.meta.url)(join(NODE_PACKAGE_DIR, 'dist', 'lib', 'n8n-version.js')).unsupportedN8nMessage(N8N_VERSION) as string;
    const refused = await installThroughN8n(n8n, packageKey, name, version).then(
      () => undefined,
      (error: Error) => error.message,
    );
    log(`unsupported: version=${N8N_VERSION} install="${refused}"`);
    expect(refused).toContain(line);
    const logged = n8n.logText().split('\n').filter((l) => l.includes(line));
    log(`unsupported: version=${N8N_VERSION} log_lines=${logged.length} first="${logged[0]}"`);
    expect(logged.length).toBeGreaterThan(0);
    // n8n's own line for a package that did not load, and no stack trace of ours in the log.
    expect(n8n.logText()).not.toMatch(/at assertSupportedN8n/);
    const types = await fetch(`${n8n.baseUrl}/types/nodes.json`).then((res) => (res.ok ? res.json() : []), () => []);
    expect((types as Array<{ name: string }>).filter((t) => t.name.startsWith(`${name}.`))).toEqual([]);
    log(`unsupported: version=${N8N_VERSION} left_installed=${installedVersionIn(n8n.userFolder, name) ?? 'none'}`);
  });
});
