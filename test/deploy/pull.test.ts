// pull over every workflow of the e2e suite's repository (built by the real CLI), against live
// workflows shaped as n8n 2.41 returns them: render(pull(x)) is x, and an unchanged workflow pulls
// back byte for byte. The real n8n round trip is e2e scenario 11.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envFileText, parseEnvFile, setWorkflowId, type EnvFile } from '../../src/envs/env-file.js';
import { renderWorkflow } from '../../src/envs/render.js';
import { pullWorkflow } from '../../src/deploy/pull.js';
import { contentHash, sameContent, withDeployRecord, workflowBody, type LiveWorkflow } from '../../src/deploy/workflow-body.js';
import { buildRepository, type Deployment } from '../e2e/lib/deploy.js';

let dir: string;
let repo: Deployment;
let env: EnvFile;
const ids = (key: string) => ('Id' + key.replace(/[^A-Za-z0-9]/g, '')).slice(0, 14).padEnd(16, 'x');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'n8n-lock-pull-'));
  repo = buildRepository(dir, 'node');
  const file = join(repo.repo, 'envs', 'e2e.yml');
  env = parseEnvFile(readFileSync(file, 'utf8'), 'envs/e2e.yml', 'e2e');
  for (const key of repo.keys) setWorkflowId(env, key, ids(key), `E2E ${key}`);
  env = parseEnvFile(envFileText(env), 'envs/e2e.yml', 'e2e');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const source = (key: string) => readFileSync(join(repo.repo, 'workflows', `${key}.json`), 'utf8');

/** The rendered workflow as n8n stores and returns it: its own field order, server fields, a deploy record. */
function live(key: string): LiveWorkflow {
  const rendered = JSON.parse(renderWorkflow(key, source(key), `workflows/${key}.json`, env).text);
  const body = workflowBody(rendered);
  const nodes = body.nodes.map(({ parameters, ...rest }) => ({ ...rest, ...(rest.type === 'n8n-nodes-base.webhook' && !rest.webhookId ? { webhookId: `wh-${key}` } : {}), parameters }));
  const w = { id: ids(key), name: body.name, description: null, active: true, activeVersionId: 'v1', versionId: 'v1', isArchived: false, nodes, connections: body.connections, settings: body.settings, staticData: null, pinData: null, tags: [], updatedAt: '2026-11-25T00:00:00.000Z' } as LiveWorkflow;
  return { ...w, settings: withDeployRecord(w.settings ?? {}, contentHash(w)) };
}

describe('pull over every workflow of the e2e repository', () => {
  it('n8n 1.123: the settings defaults its public API fills in on every write are no edit; a changed one is pulled', () => {
    const key = 'critical';
    const asStored = (settings: Record<string, unknown>): LiveWorkflow => {
      const w = live(key);
      const node = w.nodes.findIndex((n) => n.type === 'n8n-nodes-base.code');
      w.nodes[node] = { ...w.nodes[node], notes: 'edited in n8n' };
      return { ...w, settings: { ...w.settings, ...settings } };
    };
    const pulled = (settings: Record<string, unknown>) => JSON.parse(pullWorkflow(key, asStored(settings), source(key), `workflows/${key}.json`, env, '1.123').text).settings;
    expect(JSON.parse(source(key)).settings).not.toHaveProperty('callerPolicy');
    expect(pulled({ callerPolicy: 'workflowsFromSameOwner', availableInMCP: false })).toEqual(JSON.parse(source(key)).settings);
    expect(pulled({ callerPolicy: 'any', availableInMCP: false })).toEqual({ ...JSON.parse(source(key)).settings, callerPolicy: 'any' });
    // 2.x fills in nothing: what is live is pulled.
    expect(JSON.parse(pullWorkflow(key, asStored({ availableInMCP: false }), source(key), `workflows/${key}.json`, env).text).settings).toMatchObject({ availableInMCP: false });
  });

  it('a parameter edited in the editor (which writes it back last) changes its line only: keys keep the file\'s order at every depth', () => {
    let edits = 0;
    for (const key of repo.keys) {
      const edited = live(key);
      const index = edited.nodes.findIndex((n) => Object.values(n.parameters ?? {}).filter((v) => typeof v === 'string' && !v.includes('\n')).length > 0 && Object.keys(n.parameters ?? {}).length > 1);
      if (index === -1) continue;
      const parameters = edited.nodes[index].parameters as Record<string, unknown>;
      const [name] = Object.entries(parameters).find(([, v]) => typeof v === 'string' && !v.includes('\n'))!;
      const { [name]: value, ...others } = parameters;
      edited.nodes[index] = { ...edited.nodes[index], parameters: { ...others, [name]: `${value}-edited` } };
      const before = source(key).split('\n');
      const after = pullWorkflow(key, edited, source(key), `workflows/${key}.json`, env).text.split('\n');
      expect({ key, lines: after.length }).toEqual({ key, lines: before.length });
      const changed = after.filter((line, i) => line !== before[i]);
      expect({ key, changed: changed.length }).toEqual({ key, changed: 1 });
      expect(changed[0]).toContain('-edited');
      edits++;
    }
    expect(edits).toBeGreaterThanOrEqual(10);
  });

  it('covers the whole repository, placeholders of every kind included', () => {
    expect(repo.keys.length).toBeGreaterThanOrEqual(20);
    const all = repo.keys.map(source).join('\n');
    for (const kind of ['workflows.lock_acquisition.id', 'credentials.redis.id', 'credentials.redis.name', 'lockScopes', 'workflows.error_handler_lock_cleanup.id']) expect(all).toContain(`{{@:env:${kind}}}`);
  });

  it('an unchanged workflow pulls back byte for byte', () => {
    for (const key of repo.keys) {
      const pulled = pullWorkflow(key, live(key), source(key), `workflows/${key}.json`, env);
      expect({ key, identical: pulled.identical }).toEqual({ key, identical: true });
      expect(pulled.text).toBe(source(key));
    }
  });

  it('an edited workflow pulls back with every env value as its placeholder, and renders to what is live', () => {
    for (const key of repo.keys) {
      const edited = live(key);
      edited.nodes = edited.nodes.map((n, i) => (i === 0 ? { ...n, notes: 'edited in n8n' } : n));
      const pulled = pullWorkflow(key, edited, source(key), `workflows/${key}.json`, env);
      expect(pulled.identical).toBe(false);
      for (const id of repo.keys.map(ids)) expect(pulled.text).not.toContain(id);
      expect(pulled.text).not.toContain('E2eRedisCred0001');
      expect(pulled.text).not.toContain('n8n-lock.deployed');
      const rendered = JSON.parse(renderWorkflow(key, pulled.text, `workflows/${key}.json`, env).text);
      expect({ key, same: sameContent(workflowBody(rendered, edited), edited) }).toEqual({ key, same: true });
      // Only the edit differs from the file: the same placeholders, in the same places.
      const before = JSON.parse(source(key));
      const after = JSON.parse(pulled.text);
      after.nodes[0] = Object.fromEntries(Object.entries(after.nodes[0]).filter(([k]) => k !== 'notes'));
      expect({ key, ...after }).toEqual({ key, ...before, nodes: before.nodes.map((n: Record<string, unknown>) => (n.type === 'n8n-nodes-base.webhook' && !n.webhookId ? { ...n, webhookId: `wh-${key}` } : n)) });
    }
  });
});
