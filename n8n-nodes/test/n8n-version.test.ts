// The package refuses to load into an n8n outside its range (issue #36): n8n reads no version range
// from a community package, so each node and credential file asks for n8n's version itself, from
// the package.json of the n8n whose bin started the process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SUPPORTED_N8N_SEMVER, isSupportedN8n } from 'n8n-lock-protocol/n8n-support';
import { PACKAGE_ROOT, requireBuilt } from './support/load-node.js';

const { n8nVersionOf, assertSupportedN8n, unsupportedN8nMessage } = requireBuilt('dist/lib/n8n-version.js');
const scratch = mkdtempSync(join(tmpdir(), 'n8n-nodes-lock-version-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** node_modules/n8n as npm installs it: bin/n8n and package.json; the bin requires `file` the way n8n's loader does. */
function fakeN8n(version: string, name = 'n8n', file?: string): string {
  const root = join(scratch, `${name}-${version}`, 'node_modules', 'n8n');
  mkdirSync(join(root, 'bin'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name, version }));
  const bin = join(root, 'bin', 'n8n');
  writeFileSync(bin, file ? `require(${JSON.stringify(file)}); console.log('loaded');\n` : '');
  return bin;
}

describe('the n8n versions the package loads into', () => {
  it('the range in package.json (n8n.supportedVersions) is the one the package checks', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
    expect(manifest.n8n.supportedVersions).toBe(SUPPORTED_N8N_SEMVER);
    expect(SUPPORTED_N8N_SEMVER).toBe('^1.123.0 || ^2.35.0');
  });

  it('1.123.x and 2.35 to 2.x are supported; 1.122, 2.0 to 2.34 and 3.0 are not; a text that is not a version is undefined', () => {
    const verdicts = Object.fromEntries(['1.122.9', '1.123.0', '1.123.81', '2.0.0', '2.34.6', '2.35.0', '2.35.7', '2.41.1', '2.99.0', '3.0.0', '2.41', 'latest'].map((v) => [v, isSupportedN8n(v)]));
    expect(verdicts).toEqual({ '1.122.9': false, '1.123.0': true, '1.123.81': true, '2.0.0': false, '2.34.6': false, '2.35.0': true, '2.35.7': true, '2.41.1': true, '2.99.0': true, '3.0.0': false, '2.41': undefined, latest: undefined });
  });

  it("reads n8n's version from above its bin; a process n8n's bin did not start has none", () => {
    expect(n8nVersionOf({ filename: fakeN8n('2.41.1') })).toBe('2.41.1');
    expect(n8nVersionOf({ filename: fakeN8n('1.0.0', 'not-n8n') })).toBeUndefined();
    expect(n8nVersionOf(undefined)).toBeUndefined();
    expect(n8nVersionOf({ filename: join(scratch, 'nowhere', 'main.js') })).toBeUndefined();
  });

  it('outside the range: one line naming the range and the version, thrown; inside, or unknown: nothing', () => {
    expect(() => assertSupportedN8n({ filename: fakeN8n('2.30.8') })).toThrow(unsupportedN8nMessage('2.30.8'));
    expect(unsupportedN8nMessage('2.30.8')).toBe(
      'n8n-nodes-lock supports n8n 1.123 and n8n 2.35 or a later 2.x, and this is n8n 2.30.8: its nodes and credential are not loaded. Use a supported n8n, or uninstall n8n-nodes-lock (Settings > Community nodes)',
    );
    expect(() => assertSupportedN8n({ filename: fakeN8n('1.123.81') })).not.toThrow();
    expect(() => assertSupportedN8n(undefined)).not.toThrow();
  });

  it('every built node and credential file refuses to load under an unsupported n8n bin, and loads under a supported one', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'));
    for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials] as string[]) {
      const built = join(PACKAGE_ROOT, file);
      expect(execFileSync(process.execPath, [fakeN8n('2.41.1', 'n8n', built)], { encoding: 'utf8' }).trim()).toBe('loaded');
      let stderr = '';
      try {
        execFileSync(process.execPath, [fakeN8n('2.30.8', 'n8n', built)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (error) {
        stderr = String((error as { stderr: string }).stderr);
      }
      expect(stderr, file).toContain(`Error: ${unsupportedN8nMessage('2.30.8')}`);
    }
  });
});
