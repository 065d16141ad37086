// Golden tests: typical shapes, wrapped, compared with reviewed output files. Regenerate with
// UPDATE_GOLDEN=1 npx vitest run test/patchers/golden.test.ts, then review the diff.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { addLock, addRateLimit, removeLock, removeRateLimit } from '../../src/patchers/index.js';
import { stringifyJson } from '../../src/workflow/json-file.js';
import { WorkflowGraph } from '../../src/workflow/graph.js';
import { checkNodeParameters } from '../support/node-descriptions.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';

const dir = new URL('../fixtures/golden/', import.meta.url);
/** A golden case's input: `native-<shape>` cases lock the same input as `<shape>` with --engine node. */
const load = (name: string) => JSON.parse(readFileSync(new URL(`${name.replace(/^native-/, '')}.input.json`, dir), 'utf8'));

function golden(name: string, actual: unknown): void {
  const file = new URL(`${name}.expected.json`, dir);
  const text = stringifyJson(actual);
  if (process.env.UPDATE_GOLDEN) writeFileSync(file, text);
  // A missing file is a failure, never a silent first write: only UPDATE_GOLDEN=1 writes.
  if (!existsSync(file)) throw new Error(`golden file ${name}.expected.json is missing: run UPDATE_GOLDEN=1 npx vitest run test/patchers/golden.test.ts and review it`);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

const cases: Record<string, (wf: any) => any> = {
  'webhook-respond-node': (wf) => addLock(wf, { scopeExpression: '=order-{{ $json.body.customerId }}' }).workflow,
  'webhook-last-node': (wf) => addLock(wf, { scopeExpression: 'sheet-1', failFast: true, ttlSeconds: 60 }).workflow,
  'schedule-if-unconnected': (wf) => addLock(wf, { scopeExpression: 'global', maxWaitSeconds: 30 }).workflow,
  'several-triggers': (wf) => addLock(wf, { scopeExpression: 'global' }).workflow,
  'rate-limit-then-lock': (wf) => addLock(addRateLimit(wf, { limit: 5, windowSeconds: 10, onDenied: 'stop' }).workflow, { scopeExpression: 'global' }).workflow,
  'native-webhook-last-node': (wf) => addLock(wf, { scopeExpression: 'sheet-1', failFast: true, ttlSeconds: 60, engine: 'node' }).workflow,
  'native-schedule-if-unconnected': (wf) => addLock(wf, { scopeExpression: 'global', maxWaitSeconds: 30, pollSeconds: 0.5, engine: 'node' }).workflow,
  'native-several-triggers': (wf) => addLock(wf, { scopeExpression: 'global', engine: 'node' }).workflow,
};

describe.each(Object.keys(cases))('golden: %s', (name) => {
  const input = load(name);
  const output = cases[name](input);

  it('matches the reviewed output', () => golden(name, output));

  it('inserts only nodes whose parameters n8n declares', () => {
    const inserted = output.nodes.filter((n: any) => !input.nodes.some((o: any) => o.name === n.name));
    expect(inserted.length).toBeGreaterThan(0);
    // The Lock node is ours (n8n-nodes/nodes/Lock): its parameters are checked against its own description in n8n-nodes/test.
    for (const node of inserted.filter((n: any) => n.type !== LOCK_NODE_TYPE)) expect(checkNodeParameters(node), node.name).toEqual([]);
  });

  it('unwraps to the input', () => {
    let back = output;
    if (output.nodes.some((n: any) => n.name === 'Lock Acquire')) back = removeLock(back).workflow;
    if (back.nodes.some((n: any) => n.name === 'Rate Limit')) back = removeRateLimit(back).workflow;
    expect(back).toEqual(input);
  });
});

describe('golden shapes: the native engine needs no restoring Merges', () => {
  it('webhook, last node: Webhook -> Lock Acquire -> first hop ... end -> Lock Release', () => {
    const wf = cases['native-webhook-last-node'](load('native-webhook-last-node'));
    const g = new WorkflowGraph(wf);
    expect(g.outputs('Webhook')).toEqual([['Lock Acquire']]);
    expect(wf.nodes.find((n: any) => n.name === 'Lock Acquire').parameters).toEqual({ operation: 'acquire', scope: '={{ "sheet-1" }}', lockId: '={{ $execution.id }}', ttlSeconds: 60, waitTillLockReleased: false, maxWaitSeconds: 300, options: {} });
    expect(wf.nodes.find((n: any) => n.name === 'Lock Release').parameters).toEqual({ operation: 'release', scope: "={{ $('Lock Acquire').first().json.lock.scope }}", lockId: "={{ $('Lock Acquire').first().json.lock.lock_id }}" });
    expect(g.outputs('Lock Release')).toEqual([]);
  });
});

describe('golden shapes: the wiring that keeps data flow unchanged', () => {
  it('webhook with a Respond node: respond, then release once, output restored', () => {
    const g = new WorkflowGraph(cases['webhook-respond-node'](load('webhook-respond-node')));
    expect(g.outputs('Webhook')).toEqual([['Lock Acquire', 'Lock Restore Items']]);
    expect(g.incoming('Lock Restore Items').map((e) => [e.from, e.input])).toEqual([['Webhook', 0], ['Lock Acquire', 1]]);
    expect(g.outputs('Lock Restore Items')).toEqual([['Store Order']]);
    expect(g.outputs('Respond to Webhook')).toEqual([['Lock Release', 'Lock Restore Output']]);
    expect(g.incoming('Lock Restore Output').map((e) => [e.from, e.input])).toEqual([['Respond to Webhook', 0], ['Lock Release', 1]]);
    expect(g.outputs('Lock Restore Output')).toEqual([]);
  });

  it('If with an unconnected false branch: both branches reach the one release', () => {
    const g = new WorkflowGraph(cases['schedule-if-unconnected'](load('schedule-if-unconnected')));
    expect(g.outputs('Changed?')).toEqual([['Update Sheet'], ['Lock Collect']]);
    expect(g.incoming('Lock Collect').map((e) => [e.from, e.output, e.input])).toEqual([
      ['Changed?', 1, 0],
      ['Update Sheet', 0, 1],
    ]);
    expect(g.predecessors('Lock Release')).toEqual(['Lock Collect']);
  });

  it('several triggers: each gets an acquire, the release picks whichever ran', () => {
    const wf = cases['several-triggers'](load('several-triggers'));
    const g = new WorkflowGraph(wf);
    expect(g.successors('Manual')).toEqual(['Lock Acquire', 'Lock Restore Items']);
    expect(g.successors('Webhook')).toEqual(['Lock Acquire 2', 'Lock Restore Items 2']);
    const release = g.node('Lock Release')!.parameters as any;
    expect(release.workflowInputs.value.scope).toBe("={{ ($('Lock Acquire').isExecuted ? $('Lock Acquire') : $('Lock Acquire 2')).first().json.scope }}");
  });

  it('rate limit then lock: the gate reads its decision by name and only "allowed" reaches the lock', () => {
    const g = new WorkflowGraph(cases['rate-limit-then-lock'](load('rate-limit-then-lock')));
    expect(g.outputs('Webhook')).toEqual([['Rate Limit', 'Rate Limit Restore Items']]);
    expect(g.outputs('Rate Limit Allowed?')).toEqual([['Lock Acquire', 'Lock Restore Items'], ['Rate Limit Denied']]);
    const gate = g.node('Rate Limit Allowed?')!.parameters as any;
    expect(gate.conditions.conditions[0].leftValue).toBe("={{ $('Rate Limit').first().json.allowed }}");
    const denied = g.node('Rate Limit Denied')!;
    expect(denied.type).toBe('n8n-nodes-base.stopAndError');
    expect(String(denied.parameters.errorMessage).startsWith('=')).toBe(true);
  });
});
