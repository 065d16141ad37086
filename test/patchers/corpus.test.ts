// Every workflow of the real corpus: wrapped (or refused with a clear reason), sound, refused
// twice, exactly restored, and the dry-run patch reproduces the output.
import { stringifyJson } from '../../src/workflow/json-file.js';
import { describe, expect, it } from 'vitest';
import fastJsonPatch from 'fast-json-patch';
import { addLock, addRateLimit, removeLock, removeRateLimit } from '../../src/patchers/index.js';
import { InputError } from '../../src/errors.js';
import { WorkflowGraph } from '../../src/workflow/graph.js';
import { parseWorkflow } from '../../src/workflow/schema.js';
import { targetWorkflowKey } from '../../src/workflow/placeholders.js';
import { corpusFiles } from '../support/corpus.js';
import { LOCK_NODE_TYPE } from 'n8n-lock-protocol/native-lock';

const files = corpusFiles().filter((f) => f.json && Array.isArray(f.json.nodes));

/** Structural soundness of a patched workflow; returns problems (empty = sound). */
function soundness(workflow: any): string[] {
  const problems: string[] = [];
  const graph = new WorkflowGraph(workflow);
  const names = workflow.nodes.map((n: any) => n.name);
  if (new Set(names).size !== names.length) problems.push('duplicate node names');
  if (graph.danglingEdges().length > 0) problems.push(`dangling: ${JSON.stringify(graph.danglingEdges()[0])}`);
  const acquires = workflow.nodes.filter((n: any) => targetWorkflowKey(n.parameters) === 'lock_acquisition');
  const releases = workflow.nodes.filter((n: any) => targetWorkflowKey(n.parameters) === 'lock_release');
  if (acquires.length === 0 || releases.length !== 1) problems.push(`acquires=${acquires.length} releases=${releases.length}`);
  for (const trigger of graph.triggers()) {
    if ((workflow.connections[trigger.name]?.main ?? []).every((slot: any) => !slot || slot.length === 0)) continue;
    const reached = graph.reachableFrom([trigger.name]);
    if (!acquires.some((a: any) => reached.has(a.name))) problems.push(`trigger ${trigger.name} does not reach an acquire`);
  }
  for (const acquire of acquires) {
    if (!graph.reachableFrom([acquire.name]).has(releases[0]?.name)) problems.push(`release not reachable from ${acquire.name}`);
  }
  const value = releases[0]?.parameters.workflowInputs.value ?? {};
  for (const field of ['scope', 'lock_id']) {
    if (!new RegExp(`\\$\\('${acquires[0]?.name}'\\)`).test(value[field]) || !value[field].endsWith(`.first().json.${field} }}`)) {
      problems.push(`release ${field} not taken from the acquire output: ${value[field]}`);
    }
  }
  for (const node of workflow.nodes) if (node.onError && String(node.onError).startsWith('continue') && targetWorkflowKey(node.parameters)) problems.push('onError on a lock call');
  return problems;
}

describe(`corpus: add-lock-to-workflow over ${files.length} real workflows`, () => {
  it.each(files.map((f) => [f.name, f] as const))('%s', (_name, file) => {
    let result;
    try {
      result = addLock(file.json, { scopeExpression: 'global', setExecutionOrderV1: true, file: file.name });
    } catch (error) {
      // A refusal must be a clear InputError naming the file, never a crash.
      expect(error).toBeInstanceOf(InputError);
      expect((error as Error).message).toMatch(new RegExp(`^${file.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
      return;
    }
    const locked = result.workflow;
    expect(() => parseWorkflow(JSON.parse(JSON.stringify(locked)), file.name)).not.toThrow();
    expect(soundness(locked)).toEqual([]);
    // The dry-run patch applied to the original is exactly what the real run writes.
    expect(fastJsonPatch.applyPatch(structuredClone(file.json), result.patch).newDocument).toEqual(locked);
    // A second wrap is refused.
    expect(() => addLock(locked, { scopeExpression: 'global', setExecutionOrderV1: true })).toThrow(/already locked/);
    // remove-lock gives back the original byte for byte once written: nodes, parameters,
    // connections (in their order), settings, positions.
    expect(stringifyJson(removeLock(locked).workflow)).toBe(stringifyJson(file.json));
    // Rate limit on top, then off again, leaves the locked workflow as it was.
    const limited = addRateLimit(locked, { limit: 5, windowSeconds: 10 });
    expect(fastJsonPatch.applyPatch(structuredClone(locked), limited.patch).newDocument).toEqual(limited.workflow);
    expect(new WorkflowGraph(limited.workflow).danglingEdges()).toEqual([]);
    expect(stringifyJson(removeRateLimit(limited.workflow).workflow)).toBe(stringifyJson(locked));
  });

  it('wraps nearly all of them (counted here, so the test stands alone)', () => {
    const outcomes = { wrapped: 0, refused: 0 };
    for (const file of files) {
      try {
        addLock(file.json, { scopeExpression: 'global', setExecutionOrderV1: true, file: file.name });
        outcomes.wrapped++;
      } catch (error) {
        if (!(error instanceof InputError)) throw error;
        outcomes.refused++;
      }
    }
    // The refusals are workflows without an enabled trigger or without a path end.
    expect(outcomes.wrapped).toBeGreaterThanOrEqual(330);
    expect(outcomes.refused).toBeLessThanOrEqual(10);
    expect(outcomes.wrapped + outcomes.refused).toBe(files.length);
  });
});

/** Soundness of a workflow locked with the native engine: Lock nodes, no restoring Merges. */
function nativeSoundness(workflow: any): string[] {
  const problems: string[] = [];
  const graph = new WorkflowGraph(workflow);
  if (graph.danglingEdges().length > 0) problems.push(`dangling: ${JSON.stringify(graph.danglingEdges()[0])}`);
  const lockNodes = (operation: string) => workflow.nodes.filter((n: any) => n.type === LOCK_NODE_TYPE && n.parameters.operation === operation);
  const acquires = lockNodes('acquire');
  const releases = lockNodes('release');
  if (acquires.length === 0 || releases.length !== 1) problems.push(`acquires=${acquires.length} releases=${releases.length}`);
  if (workflow.nodes.some((n: any) => /^Lock Restore/.test(n.name))) problems.push('a restoring Merge in a native lock');
  for (const acquire of acquires) if (!graph.reachableFrom([acquire.name]).has(releases[0]?.name)) problems.push(`release not reachable from ${acquire.name}`);
  if (!String(releases[0]?.parameters.lockId).endsWith('.first().json.lock.lock_id }}')) problems.push(`release lockId: ${releases[0]?.parameters.lockId}`);
  return problems;
}

describe('corpus: add-lock-to-workflow --engine node', () => {
  it.each(files.map((f) => [f.name, f] as const))('%s', (_name, file) => {
    let result;
    try {
      result = addLock(file.json, { scopeExpression: '=crm-{{ $json.id }}', setExecutionOrderV1: true, engine: 'node', file: file.name });
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return;
    }
    const locked = result.workflow;
    expect(() => parseWorkflow(JSON.parse(JSON.stringify(locked)), file.name)).not.toThrow();
    expect(nativeSoundness(locked)).toEqual([]);
    expect(fastJsonPatch.applyPatch(structuredClone(file.json), result.patch).newDocument).toEqual(locked);
    expect(() => addLock(locked, { scopeExpression: 'global', engine: 'stock' })).toThrow(/already locked \(node "Lock Acquire.*" is a native Lock Acquire\)/);
    expect(stringifyJson(removeLock(locked).workflow)).toBe(stringifyJson(file.json));
  });
});

describe('corpus: add-rate-limit-to-workflow alone, then the lock (documented order)', () => {
  it.each(files.map((f) => [f.name, f] as const))('%s', (_name, file) => {
    let limited;
    try {
      limited = addRateLimit(file.json, { limit: 3, windowSeconds: 60, setExecutionOrderV1: true, file: file.name });
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return;
    }
    expect(new WorkflowGraph(limited.workflow).danglingEdges()).toEqual([]);
    expect(stringifyJson(removeRateLimit(limited.workflow).workflow)).toBe(stringifyJson(file.json));
    let both;
    try {
      both = addLock(limited.workflow, { scopeExpression: '=crm-{{ $json.id }}', file: file.name });
    } catch (error) {
      expect(error).toBeInstanceOf(InputError); // the same refusals as without the rate limit
      return;
    }
    expect(soundness(both.workflow)).toEqual([]);
    // The lock sits behind the gate's "allowed" output: a denied execution never takes it.
    const graph = new WorkflowGraph(both.workflow);
    for (const gate of both.workflow.nodes.filter((n: any) => n.name.startsWith('Rate Limit Allowed?'))) {
      expect(graph.outputs(gate.name)[0].some((t) => t.startsWith('Lock Acquire'))).toBe(true);
      expect(graph.reachableFrom(graph.outputs(gate.name)[1]).has('Lock Acquire')).toBe(false);
    }
    expect(stringifyJson(removeLock(both.workflow).workflow)).toBe(stringifyJson(limited.workflow));
  });
});
