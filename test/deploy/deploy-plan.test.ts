import { describe, expect, it } from 'vitest';
import { envFileText, parseEnvFile, setWorkflowId } from '../../src/envs/env-file.js';
import { deployOrder, planWorkflow, referencedKeys } from '../../src/deploy/plan.js';
import { contentHash, deployRecordOf, recorded, withDeployRecord, workflowBody, type LiveWorkflow } from '../../src/deploy/workflow-body.js';
import { API_LINES, validateVersionNote } from '../../src/deploy/api-lines.js';
import { parseN8nVersion } from '../../src/n8n-versions.js';

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

describe('n8n 1.123: its public API, its record, activate instead of publish', () => {
  const errorTrigger = { id: 'e1', name: 'Error Trigger', type: 'n8n-nodes-base.errorTrigger', typeVersion: 1, position: [0, 0], parameters: {} };
  const plan = (source: ReturnType<typeof rendered>, live: LiveWorkflow | undefined, called = false) =>
    planWorkflow({ key: 'w', id: live?.id ?? '', rendered: source, live, called }, false, '1.123');
  /** As 1.123 stores it: the record in the static data, the nodes' own state beside it. */
  function deployed1123(source: ReturnType<typeof rendered>, extra: Partial<LiveWorkflow> = {}): LiveWorkflow {
    const live = stored(workflowBody(source, undefined, '1.123'), { staticData: { 'node:Poll': { lastId: 7 } }, ...extra });
    return { ...live, ...recorded(workflowBody(source, live, '1.123'), contentHash(live), '1.123') } as LiveWorkflow;
  }

  it('sends only the settings and node fields 1.123 lists (additionalProperties: false there)', () => {
    const body = workflowBody(rendered([{ ...hook, customTelemetryTags: [] }], { executionOrder: 'v1', timeSavedMode: 'fixed', redactionPolicy: 'x', customTelemetryTags: [{ key: 'a', value: 'b' }], callerPolicy: 'any' }), undefined, '1.123');
    expect(body.settings).toEqual({ executionOrder: 'v1', callerPolicy: 'any' });
    expect(body.nodes[0]).not.toHaveProperty('customTelemetryTags');
    expect(API_LINES['1.123'].settings.every((key) => API_LINES['2.x'].settings.includes(key))).toBe(true);
  });

  it('keeps the record in the static data, beside the nodes\' own state, and never in the settings', () => {
    const live = deployed1123(rendered([hook]));
    expect(live.staticData).toEqual({ 'node:Poll': { lastId: 7 }, 'n8n-lock.deployed': contentHash(live) });
    expect(live.settings).not.toHaveProperty('customTelemetryTags');
    expect(deployRecordOf(live)).toBe(contentHash(live));
    // Sent back as it is, so a write keeps what the nodes stored; the record hashes nothing of it.
    expect(workflowBody(rendered([hook]), live, '1.123').staticData).toEqual(live.staticData);
    expect(contentHash({ ...live, staticData: { other: 1 } })).toBe(contentHash(live));
    // n8n may return the static data as JSON text.
    expect(deployRecordOf({ staticData: JSON.stringify(live.staticData) })).toBe(contentHash(live));
  });

  it('a record made on 1.123 is still read after an upgrade to 2.x, and moves into the settings there', () => {
    const live = deployed1123(rendered([hook]));
    const body = workflowBody(rendered([hook]), live, '2.x');
    expect(body).not.toHaveProperty('staticData');
    expect(deployRecordOf(body)).toBe(contentHash(live));
    expect(plan(rendered([hook]), live).action).toBe('unchanged');
    expect(planWorkflow({ key: 'w', id: 'ID', rendered: rendered([hook]), live, called: false }, false).action).toBe('unchanged');
  });

  it('activates only a workflow with a trigger of its own: sub-workflows and error workflows run inactive on 1.123', () => {
    expect(plan(rendered([hook]), undefined)).toMatchObject({ action: 'create', publish: true });
    expect(plan(rendered([sub]), undefined, true)).toMatchObject({ action: 'create', publish: false });
    expect(plan(rendered([errorTrigger]), undefined, true)).toMatchObject({ action: 'create', publish: false });
    expect(plan(rendered([manual]), undefined, true)).toMatchObject({ action: 'create', publish: false });
    expect(plan(rendered([sub, hook]), undefined, true)).toMatchObject({ action: 'create', publish: true });
    // 2.x publishes every one of them that is called.
    for (const nodes of [[sub], [errorTrigger], [manual]]) expect(planWorkflow({ key: 'w', id: '', rendered: rendered(nodes), live: undefined, called: true }, false)).toMatchObject({ publish: true });
  });

  it('an update keeps an active workflow active and a called sub-workflow inactive; drift is found through the static-data record', () => {
    const before = rendered([hook]);
    const after = rendered([{ ...hook, parameters: { path: 'y' } }]);
    expect(plan(after, deployed1123(before, { activeVersionId: 'v1' }))).toMatchObject({ action: 'update', publish: true });
    expect(plan(after, deployed1123(before))).toMatchObject({ action: 'update', publish: false });
    expect(plan(rendered([sub]), deployed1123(rendered([sub])), true)).toMatchObject({ action: 'unchanged', publish: false });
    const edited = deployed1123(before);
    edited.nodes = [{ ...edited.nodes[0], notes: 'edited in n8n' }];
    expect(plan(before, edited)).toMatchObject({ action: 'drifted', detail: expect.stringMatching(/^changed in n8n since the last deploy/) });
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

describe('validateVersionNote: the n8n found against the runtime validate proves Code nodes for', () => {
  const v = (text: string) => parseN8nVersion(text, 'test');
  it('says nothing when the lines agree', () => {
    expect(validateVersionNote('deploy', '2.x', v('2.41.1'), false, 'http://n8n')).toBeUndefined();
    expect(validateVersionNote('pull', '1.123', v('1.123.81'), true, 'http://n8n')).toBeUndefined();
  });
  it('names the n8n found, the version validate proves for and where that came from, when they do not', () => {
    expect(validateVersionNote('deploy', '1.123', v('2.41.1'), false, 'http://n8n')).toBe(
      `deploy: http://n8n serves n8n 1.123's public API, but validate proves Code nodes for n8n 2.41.1, its default (no "n8nVersion" in n8n-lock.config.json): set "n8nVersion" to the n8n version you run there`,
    );
    expect(validateVersionNote('pull', '2.x', v('1.123.81'), true, 'http://n8n')).toBe(
      `pull: http://n8n serves n8n 2.x's public API, but validate proves Code nodes for "n8nVersion": "1.123.81" in n8n-lock.config.json: set "n8nVersion" to the n8n version you run there`,
    );
  });
});
