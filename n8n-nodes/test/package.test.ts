// The package as n8n loads it: the manifest's `n8n` field, one class per built node file named like
// the file, descriptions in n8n's conventions (camelCase names, icons that exist, options sorted as
// @n8n/node-cli's lint wants), and node types the CLI's validate rules know.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PACKAGE_ROOT as root, requireBuilt } from './support/load-node.js';
import { FUNCTION_NODE_TYPES, NODE_PACKAGE } from 'n8n-lock-protocol/functions';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('the n8n-nodes-lock package', () => {
  it('is a community node package by n8n\'s rules', () => {
    expect(manifest.name).toBe(NODE_PACKAGE);
    expect(manifest.name).toMatch(/^n8n-nodes-/);
    expect(manifest.keywords).toContain('n8n-community-node-package');
    expect(manifest.n8n.n8nNodesApiVersion).toBe(1);
    expect(manifest.peerDependencies).toEqual({ 'n8n-workflow': '*' });
    // No runtime dependencies (n8n's no-runtime-dependencies): ioredis is bundled into each node file.
    expect(manifest.dependencies).toBeUndefined();
  });

  it('builds on its own: a copy of the package outside the repository builds (no source climbs out of n8n-nodes/)', () => {
    const outside = mkdtempSync(join(tmpdir(), 'n8n-nodes-lock-alone-'));
    const copy = join(outside, 'n8n-nodes-lock');
    try {
      for (const part of ['nodes', 'credentials', 'lib', 'package.json', 'tsconfig.json', 'build.mjs']) cpSync(join(root, part), join(copy, part), { recursive: true });
      // Only the installed dependencies come along, where npm put them: the package's own
      // node_modules (n8n-workflow at n8n's version) and the hoisted ones above it (n8n-lock-protocol
      // among them, as an installed package, not as a path into the repository).
      symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
      symlinkSync(join(root, '..', 'node_modules'), join(outside, 'node_modules'));
      execFileSync(process.execPath, ['build.mjs'], { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
      for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) expect(existsSync(join(copy, file)), file).toBe(true);
    } catch (error) {
      throw new Error(`the copy does not build: ${(error as { stdout?: string }).stdout ?? ''}${(error as Error).message}`);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  }, 120_000);

  it('packs only what n8n loads, the README and the LICENSE (dist/lib is the tests\' own build)', () => {
    const [packed] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' })) as Array<{ files: Array<{ path: string }> }>;
    const paths = packed.files.map((f) => f.path).sort();
    const loaded = [...manifest.n8n.nodes, ...manifest.n8n.credentials] as string[];
    expect(paths.filter((p) => !loaded.includes(p) && !/^dist\/nodes\/[A-Za-z]+\/[A-Za-z]+\.svg$/.test(p))).toEqual(['LICENSE', 'README.md', 'package.json']);
    for (const file of loaded) expect(paths).toContain(file);
  });

  it.each(manifest.n8n.nodes as string[])('%s: built, one class named like its file, description in n8n conventions', (file) => {
    expect(existsSync(join(root, file)), `${file} is built (npm run build)`).toBe(true);
    const className = basename(file, '.node.js');
    const exported = requireBuilt(file);
    expect(Object.keys(exported)).toEqual([className]);
    const { description } = new exported[className]();
    expect([...Object.values(FUNCTION_NODE_TYPES), LOCK_NODE_TYPE]).toContain(`${NODE_PACKAGE}.${description.name}`);
    expect(description.name).toMatch(/^[a-z][A-Za-z]+$/);
    expect(description.name.toLowerCase()).toBe(className.toLowerCase());
    expect(existsSync(join(root, dirname(file), description.icon.replace(/^file:/, '')))).toBe(true);
    // The stock credential by default (workflows saved before Credential Type existed keep working), the package's on request.
    expect(description.credentials).toEqual([
      { name: 'redis', required: true, displayOptions: { show: { authentication: ['redis'] } } },
      { name: 'n8nLockRedisApi', required: true, testedBy: 'n8nLockRedisConnectionTest', displayOptions: { show: { authentication: ['n8nLockRedisApi'] } } },
    ]);
    expect(description.properties[0]).toMatchObject({ name: 'authentication', type: 'options', default: 'redis' });
    for (const property of description.properties) {
      expect(property.displayName, property.name).toMatch(/^[A-Z]/);
      expect(property.name, property.displayName).toMatch(/^[a-z][A-Za-z]*$/);
      if (property.type === 'options') expect(property.options.map((o: { name: string }) => o.name)).toEqual([...property.options.map((o: { name: string }) => o.name)].sort());
      if (property.type === 'collection') expect(property.options.map((o: { displayName: string }) => o.displayName)).toEqual([...property.options.map((o: { displayName: string }) => o.displayName)].sort());
    }
  });

  it.each(manifest.n8n.credentials as string[])('%s: built, one class named like its file, the stock credential\'s field names', (file) => {
    expect(existsSync(join(root, file)), `${file} is built (npm run build)`).toBe(true);
    const className = basename(file, '.credentials.js');
    const exported = requireBuilt(file);
    expect(Object.keys(exported)).toEqual([className]);
    const credential = new exported[className]();
    expect(credential.name).toBe(className[0].toLowerCase() + className.slice(1));
    expect(credential.name).toMatch(/Api$/);
    expect(existsSync(join(root, dirname(file), credential.icon.replace(/^file:/, '')))).toBe(true);
    const names = credential.properties.map((p: { name: string }) => p.name);
    // The stock `redis` credential's fields, spelled the same, so one code path reads both credentials.
    for (const stock of ['host', 'port', 'user', 'password', 'database', 'ssl', 'disableTlsVerification']) expect(names).toContain(stock);
    for (const property of credential.properties) {
      if (property.type === 'options') expect(property.options.map((o: { name: string }) => o.name)).toEqual([...property.options.map((o: { name: string }) => o.name)].sort());
      if (property.typeOptions?.password) expect(property.name).toMatch(/[Pp]assword$/);
    }
  });
});
