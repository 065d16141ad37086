// The package as n8n loads it: the manifest's `n8n` field, one class per built node file named like
// the file, descriptions in n8n's conventions (camelCase names, icons that exist, options sorted as
// @n8n/node-cli's lint wants), and node types the CLI's validate rules know.
import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PACKAGE_ROOT as root, requireBuilt } from './support/load-node.js';
import { FUNCTION_NODE_TYPES, NODE_PACKAGE } from 'n8n-lock-protocol/functions';
import { RATE_LIMIT_NODE_TYPE } from 'n8n-lock-protocol/rate-limit';
import { QUEUE_NODE_TYPES } from 'n8n-lock-protocol/queues';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';

const run = promisify(execFile);
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
    // Beside the loaded files: each node's icons (light and dark) and its codex, which n8n reads next to the node file.
    const besideNodes = /^dist\/nodes\/([A-Za-z]+)\/(?:[A-Za-z]+(?:\.dark)?\.svg|\1\.node\.json)$/;
    expect(paths.filter((p) => !loaded.includes(p) && !besideNodes.test(p))).toEqual(['LICENSE', 'README.md', 'package.json']);
    for (const file of loaded) expect(paths).toContain(file);
  });

  it('has what npm and n8n\'s reviewers ask of a publisher, and `npm publish --dry-run` is clean', async () => {
    expect(manifest.author).toEqual({ name: expect.any(String), email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/) });
    expect(manifest.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\/github\.com\//), directory: 'n8n-nodes' });
    expect(manifest.homepage).toMatch(/^https:\/\//);
    expect(manifest.main, 'no entry point n8n does not load').toBeUndefined();
    // Packing an unbuilt tree would ship a package without nodes.
    expect(manifest.scripts.prepack).toBe('npm run build');
    // The dry run asks the registry whether the version exists: a local one that knows no package
    // (as npm's does before the first publish) keeps the test off the network and independent of
    // what is published. It must warn about nothing but the login a dry run skips.
    const registry = createServer((_request, response) => response.writeHead(404, { 'content-type': 'application/json' }).end('{}'));
    await new Promise<void>((listening) => registry.listen(0, '127.0.0.1', listening));
    try {
      const { port } = registry.address() as AddressInfo;
      const { stderr } = await run('npm', ['publish', '--dry-run', '--ignore-scripts', '--registry', `http://127.0.0.1:${port}/`], { cwd: root, encoding: 'utf8' });
      const warnings = stderr.split('\n').filter((line) => /npm (warn|error)/i.test(line) && !/requires you to be logged in/.test(line));
      expect(warnings).toEqual([]);
      expect(stderr).toContain(`${manifest.name}@${manifest.version}`);
    } finally {
      registry.close();
    }
  });

  it.each(manifest.n8n.nodes as string[])('%s: a codex with categories and documentation links that exist in the README', (file) => {
    const codex = JSON.parse(readFileSync(join(root, file.replace(/\.js$/, '.json')), 'utf8'));
    const className = basename(file, '.node.js');
    expect(codex.node).toBe(`${NODE_PACKAGE}.${className[0].toLowerCase()}${className.slice(1)}`);
    expect(codex).toMatchObject({ nodeVersion: '1.0', codexVersion: '1.0' });
    // Categories of n8n's node panel (those n8n-nodes-base uses).
    for (const category of codex.categories) expect(['Development', 'Utility', 'Data & Storage', 'Core Nodes']).toContain(category);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const anchors = new Set([...readme.matchAll(/^#{2,3} (.+)$/gm)].map(([, heading]) => heading.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    const links = [...codex.resources.primaryDocumentation, ...codex.resources.credentialDocumentation].map((r: { url: string }) => r.url);
    expect(links.length).toBeGreaterThan(1);
    for (const url of links) {
      expect(url.startsWith(`${manifest.homepage.replace(/#readme$/, '')}#`), url).toBe(true);
      expect(anchors, url).toContain(url.split('#')[1]);
    }
  });

  it('its README stands alone on npm: no link into the repository by relative path', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect([...readme.matchAll(/\]\((?!https?:\/\/|#)([^)]+)\)/g)].map(([, target]) => target)).toEqual([]);
  });

  it.each(manifest.n8n.nodes as string[])('%s: built, one class named like its file, description in n8n conventions', (file) => {
    expect(existsSync(join(root, file)), `${file} is built (npm run build)`).toBe(true);
    const className = basename(file, '.node.js');
    const exported = requireBuilt(file);
    expect(Object.keys(exported)).toEqual([className]);
    const { description } = new exported[className]();
    expect([...Object.values(FUNCTION_NODE_TYPES), LOCK_NODE_TYPE, RATE_LIMIT_NODE_TYPE, ...Object.values(QUEUE_NODE_TYPES)]).toContain(`${NODE_PACKAGE}.${description.name}`);
    expect(description.name).toMatch(/^[a-z][A-Za-z]+$/);
    expect(description.name.toLowerCase()).toBe(className.toLowerCase());
    // Light and dark variants, as n8n's lint prefers (icon-prefer-themed-variants).
    expect(Object.keys(description.icon)).toEqual(['light', 'dark']);
    for (const icon of Object.values(description.icon) as string[]) expect(existsSync(join(root, dirname(file), icon.replace(/^file:/, '')))).toBe(true);
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
    for (const icon of Object.values(credential.icon) as string[]) expect(existsSync(join(root, dirname(file), icon.replace(/^file:/, '')))).toBe(true);
    const names = credential.properties.map((p: { name: string }) => p.name);
    // The stock `redis` credential's fields, spelled the same, so one code path reads both credentials.
    for (const stock of ['host', 'port', 'user', 'password', 'database', 'ssl', 'disableTlsVerification']) expect(names).toContain(stock);
    for (const property of credential.properties) {
      if (property.type === 'options') expect(property.options.map((o: { name: string }) => o.name)).toEqual([...property.options.map((o: { name: string }) => o.name)].sort());
      if (property.typeOptions?.password) expect(property.name).toMatch(/[Pp]assword$/);
    }
  });
});
