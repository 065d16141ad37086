import { describe, expect, it } from 'vitest';
import { envFileText, parseEnvFile, setWorkflowId } from '../../src/envs/env-file.js';
import { deployOrder, planWorkflow, referencedKeys } from '../../src/deploy/plan.js';
import { contentHash, deployRecordOf, withDeployRecord, workflowBody, type LiveWorkflow } from '../../src/deploy/workflow-body.js';

const hook = { id: 'n1', name: 'Hook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { path: 'x' } };
const sub = { id: 's1', name: 'Start', type: 'n8n-nodes-base.executeWorkflowTrigger', typeVersion: 1.1, position: [0, 0], parameters: {} };
const manual = { id: 'm1', name: 'Manual', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} };

function rendered(nodes: Array<Record<string, unknown>>, settings: Record<string, unknown> = { executionOrder: 'v1' }) {
  return { name: 'W', nodes, connections: {}, settings };
}

/** What n8n returns after storing `body` (a webhook node gains a webhookId when it has none). */
function stored(body: ReturnType<typeof workflowBody>, extra: Partial<LiveWorkflow> = {}): LiveWorkflow {
  const nodes = body.nodes.map((n) => (n.type === 'n8n-nodes-base.webhook' && !n.webhookId ? { ...n, webhookId: 'wh-1' } : n));
  return { id: 'ID', versionId: 'v1', activeVersionId: null, ...body, nodes, ...extra } as LiveWorkflow;
}

function deployed(source: ReturnType<typeof rendered>, extra: Partial<LiveWorkflow> = {}): LiveWorkflow {
  const live = stored(workflowBody(source), extra);
  return { ...live, settings: withDeployRecord(live.settings ?? {}, contentHash(live)) };
}

describe('the body deploy sends', () => {
  it('keeps only what the public API accepts: whitelisted settings without DEFAULT values, known node fields', () => {
    const body = workflowBody({ ...rendered([{ ...hook, extendsCredential: 'x' }], { executionOrder: 'v1', engineType: 'x', binaryMode: 'separate', saveManualExecutions: 'DEFAULT', errorWorkflow: 'E' }), id: 'nope', active: true, tags: [] });
    expect(Object.keys(body)).toEqual(['name', 'nodes', 'connections', 'settings']);
    expect(body.settings).toEqual({ executionOrder: 'v1', errorWorkflow: 'E' });
    expect(body.nodes[0]).not.toHaveProperty('extendsCredential');
  });

  it('adopts live node ids and webhook ids where the file has none, so n8n keeps its versionId', () => {
    const { id: _id, ...withoutId } = hook;
    const live = stored(workflowBody(rendered([hook])));
    const body = workflowBody(rendered([withoutId]), live);
    expect(body.nodes[0]).toMatchObject({ id: 'n1', webhookId: 'wh-1' });
  });

  it('keeps the deploy record and the live settings n8n would merge anyway', () => {
    const live = deployed(rendered([hook]));
    live.settings = { ...live.settings, timezone: 'Europe/Berlin', engineType: 'v2' };
    const body = workflowBody(rendered([hook]), live);
    expect(body.settings.timezone).toBe('Europe/Berlin');
    expect(body.settings).not.toHaveProperty('engineType');
    expect(deployRecordOf(body)).toBe(deployRecordOf(live));
  });
});

describe('the plan', () => {
  const plan = (source: ReturnType<typeof rendered>, live: LiveWorkflow | undefined, called = false, noPublish = false) =>
    planWorkflow({ key: 'w', id: live?.id ?? '', rendered: source, live, called }, noPublish);

  it('creates what is not live, and publishes it when it has a trigger n8n can publish or is called', () => {
    expect(plan(rendered([hook]), undefined)).toMatchObject({ action: 'create', publish: true });
    expect(plan(rendered([manual]), undefined)).toMatchObject({ action: 'create', publish: false });
    expect(plan(rendered([manual]), undefined, true)).toMatchObject({ action: 'create', publish: true });
    expect(plan(rendered([hook]), undefined, true, true)).toMatchObject({ action: 'create', publish: false });
  });

  it('is unchanged when the live workflow is what the repository renders, and publishes only a publication that is behind', () => {
    const source = rendered([sub]);
    expect(plan(source, deployed(source, { activeVersionId: 'v1' }), true)).toMatchObject({ action: 'unchanged', publish: false });
    expect(plan(source, deployed(source, { activeVersionId: 'v0' }), true)).toMatchObject({ action: 'unchanged', publish: true });
    expect(plan(source, deployed(source), false)).toMatchObject({ action: 'unchanged', publish: false });
  });

  it('updates what changed in the repository, keeping a published workflow published and an unpublished one unpublished', () => {
    const before = rendered([hook]);
    const after = rendered([{ ...hook, parameters: { path: 'y' } }]);
    expect(plan(after, deployed(before, { activeVersionId: 'v1' }))).toMatchObject({ action: 'update', publish: true, detail: 'nodes changed "Hook"' });
    expect(plan(after, deployed(before))).toMatchObject({ action: 'update', publish: false });
  });

  it('calls a workflow edited in n8n since the last deploy drifted, and says what changed', () => {
    const source = rendered([hook]);
    const live = deployed(source);
    live.nodes = [{ ...live.nodes[0], notes: 'edited' }, manual];
    live.updatedAt = '2026-11-25T10:00:00.000Z';
    const p = plan(source, live);
    expect(p.action).toBe('drifted');
    expect(p.detail).toBe('changed in n8n since the last deploy (updated 2026-11-25T10:00:00.000Z): nodes added "Manual"; nodes changed "Hook"');
  });

  it('calls a differing workflow without a deploy record drifted (never deployed from here), an equal one unchanged', () => {
    const source = rendered([hook]);
    const live = stored(workflowBody(source));
    expect(plan(source, live).action).toBe('unchanged');
    expect(plan(rendered([{ ...hook, parameters: { path: 'z' } }]), live)).toMatchObject({ action: 'drifted', detail: expect.stringMatching(/^not deployed by n8n-lock before/) });
  });

  it('the record ignores itself and other telemetry tags stay', () => {
    const live = deployed(rendered([hook], { executionOrder: 'v1', customTelemetryTags: [{ key: 'team', value: 'ops' }] }));
    expect(contentHash(live)).toBe(contentHash({ ...live, settings: withDeployRecord(live.settings ?? {}, 'other') }));
    expect((live.settings?.customTelemetryTags as unknown[]).length).toBe(2);
  });
});

describe('order and references', () => {
  it('finds workflow references in any placeholder generation', () => {
    expect(referencedKeys('{"a":"{{@:env:workflows.lock_release.id}}","b":"{{INTERPOLATE:env:workflows.x.id}}","c":"{{@:env:workflows.y.name}}"}')).toEqual(['lock_release', 'x']);
  });

  it('puts callees before callers, keeps the given order otherwise, and survives a cycle', () => {
    const refs: Record<string, string[]> = { caller: ['callee', 'handler'], callee: ['handler'], handler: [], alone: [] };
    expect(deployOrder(['caller', 'alone', 'callee', 'handler'], (k) => refs[k])).toEqual(['handler', 'callee', 'caller', 'alone']);
    expect(deployOrder(['a', 'b'], (k) => (k === 'a' ? ['b'] : ['a']))).toEqual(['b', 'a']);
  });
});

describe('ids written back', () => {
  it('sets a minted id keeping comments, order and the flow style; twice is once', () => {
    const text = '# dev\nworkflows:\n  # primitives\n  lock_acquisition: { id: "", name: "Lock Acquisition" } # keep\n';
    const env = parseEnvFile(text, 'envs/dev.yml', 'dev');
    expect(setWorkflowId(env, 'lock_acquisition', 'AbCdEfGhIjKlMnOp', 'x')).toBe(true);
    expect(setWorkflowId(env, 'new_one', 'QrStUvWxYz012345', 'New One')).toBe(true);
    const out = envFileText(env);
    expect(out).toBe('# dev\nworkflows:\n  # primitives\n  lock_acquisition: { id: "AbCdEfGhIjKlMnOp", name: "Lock Acquisition" } # keep\n  new_one: { id: "QrStUvWxYz012345", name: "New One" }\n');
    const again = parseEnvFile(out, 'envs/dev.yml', 'dev');
    expect(setWorkflowId(again, 'lock_acquisition', 'AbCdEfGhIjKlMnOp', 'x')).toBe(false);
    expect(envFileText(again)).toBe(out);
  });
});

describe('nodes n8n would refuse', () => {
  it('names the node and the field before anything is sent', async () => {
    const { nodeProblem } = await import('../../src/deploy/workflow-body.js');
    expect(nodeProblem([hook])).toBeUndefined();
    expect(nodeProblem('x')).toBe('nodes must be a list');
    expect(nodeProblem([{ ...hook, typeVersion: 'two' }])).toBe('node "Hook": typeVersion must be a number (got "two")');
    expect(nodeProblem([{ ...hook, position: [0] }])).toBe('node "Hook": position must be two numbers (got [0])');
    expect(nodeProblem([{ ...hook, name: '' }])).toBe('nodes[0]: name must be a non-empty string');
    expect(nodeProblem([{ ...hook, type: 3 }])).toBe('node "Hook": type must be a non-empty string');
    expect(nodeProblem([{ ...hook, parameters: [] }])).toBe('node "Hook": parameters must be an object');
  });
});
