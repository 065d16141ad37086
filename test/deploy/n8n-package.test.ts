// The package deploy imports: read back with the system's tar (GNU tar, as on any CI machine),
// in the layout n8n's own export writes (manifest.json, workflows/<id>/workflow.json and
// workflow-metadata.json). n8n itself reads it in the e2e suites (regular mode deploys with it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageFiles, tarGz } from '../../src/deploy/n8n-package.js';
import { newWorkflowId } from '../../src/deploy/deploy.js';

const body = (name: string, nodes: Array<Record<string, unknown>>) => ({ name, nodes, connections: {}, settings: { executionOrder: 'v1' } });
const node = (name: string, type: string, extra: Record<string, unknown> = {}) => ({ id: `id-${name}`, name, type, typeVersion: 1, position: [0, 0], parameters: {}, ...extra });

describe('the n8n package deploy builds', () => {
  const files = packageFiles(
    [
      { id: 'AAAAAAAAAAAAAAA1', body: body('Caller', [node('Go', 'n8n-nodes-base.webhook'), { ...node('R', 'n8n-nodes-base.redis'), id: undefined }]), publish: true },
      { id: 'AAAAAAAAAAAAAAA2', body: body('Draft', [node('Go', 'n8n-nodes-base.webhook')]), publish: false },
    ],
    [{ id: 'cred1', name: 'Redis', type: 'redis', usedByWorkflows: ['AAAAAAAAAAAAAAA1'] }],
    new Date('2026-11-25T00:00:00.000Z'),
    'n8n-lock',
  );

  it('has the manifest and per-workflow files of n8n\'s export format', () => {
    expect([...files.keys()]).toEqual([
      'manifest.json',
      'workflows/AAAAAAAAAAAAAAA1/workflow.json',
      'workflows/AAAAAAAAAAAAAAA1/workflow-metadata.json',
      'workflows/AAAAAAAAAAAAAAA2/workflow.json',
      'workflows/AAAAAAAAAAAAAAA2/workflow-metadata.json',
    ]);
    const manifest = JSON.parse(files.get('manifest.json')!);
    expect(manifest).toMatchObject({ packageFormatVersion: '1', exportedAt: '2026-11-25T00:00:00.000Z', sourceId: 'n8n-lock', workflows: [{ id: 'AAAAAAAAAAAAAAA1', name: 'Caller', target: 'workflows/AAAAAAAAAAAAAAA1' }, { id: 'AAAAAAAAAAAAAAA2', name: 'Draft', target: 'workflows/AAAAAAAAAAAAAAA2' }] });
    expect(manifest.requirements.credentials).toEqual([{ id: 'cred1', name: 'Redis', type: 'redis', usedByWorkflows: ['AAAAAAAAAAAAAAA1'] }]);
    expect(manifest.requirements.nodeTypes).toEqual([
      { type: 'n8n-nodes-base.webhook', typeVersion: 1, usedByWorkflows: ['AAAAAAAAAAAAAAA1', 'AAAAAAAAAAAAAAA2'] },
      { type: 'n8n-nodes-base.redis', typeVersion: 1, usedByWorkflows: ['AAAAAAAAAAAAAAA1'] },
    ]);
  });

  it('publishes by metadata (match-source; n8n 2.40 and later) and in workflow.json (2.35 to 2.39), and gives every node an id', () => {
    const published = JSON.parse(files.get('workflows/AAAAAAAAAAAAAAA1/workflow-metadata.json')!);
    const draft = JSON.parse(files.get('workflows/AAAAAAAAAAAAAAA2/workflow-metadata.json')!);
    expect(published.publishedVersionId).toBe(published.versionId);
    expect(draft.publishedVersionId).toBeNull();
    const workflow = JSON.parse(files.get('workflows/AAAAAAAAAAAAAAA1/workflow.json')!);
    expect(Object.keys(workflow)).toEqual(['id', 'name', 'nodes', 'connections', 'settings', 'versionId', 'parentFolderId', 'isPublished', 'isArchived']);
    expect([workflow.versionId, workflow.isPublished]).toEqual([published.versionId, true]);
    const draftWorkflow = JSON.parse(files.get('workflows/AAAAAAAAAAAAAAA2/workflow.json')!);
    expect([draftWorkflow.versionId, draftWorkflow.isPublished]).toEqual([draft.versionId, false]);
    expect(workflow.nodes.every((n: { id?: unknown }) => typeof n.id === 'string' && n.id.length > 0)).toBe(true);
  });

  it('is a gzip tar that tar reads back file for file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'n8n-lock-package-'));
    try {
      writeFileSync(join(dir, 'p.n8np'), tarGz(files));
      expect(execFileSync('tar', ['-tzf', join(dir, 'p.n8np')], { encoding: 'utf8' }).trim().split('\n')).toEqual([...files.keys()]);
      execFileSync('tar', ['-xzf', join(dir, 'p.n8np'), '-C', dir]);
      for (const [path, text] of files) expect(readFileSync(join(dir, path), 'utf8')).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('mints ids as n8n does: 16 characters of [A-Za-z0-9], all different', () => {
    const ids = Array.from({ length: 2000 }, newWorkflowId);
    expect(ids.every((id) => /^[A-Za-z0-9]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
