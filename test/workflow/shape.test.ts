// The zod-free shape check validate uses must agree with WorkflowSchema (what the patchers parse
// with) on every real workflow and on crafted bad shapes.
import { describe, expect, it } from 'vitest';
import { getEnvPath } from '../../src/envs/env-path.js';
import { WorkflowSchema } from '../../src/workflow/schema.js';
import { isWorkflowShape, workflowShapeIssues } from '../../src/workflow/shape.js';
import { corpusFiles } from '../support/corpus.js';

const good = {
  name: 'W',
  nodes: [{ parameters: {}, name: 'A', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] }],
  connections: { A: { main: [[{ node: 'A', type: 'main', index: 0 }], null] } },
  settings: {},
};
const mutate = (f: (w: any) => void) => {
  const w = structuredClone(good) as any;
  f(w);
  return w;
};

const crafted: Array<[string, unknown]> = [
  ['a good one', good],
  ['not an object', []],
  ['name a number', mutate((w) => (w.name = 1))],
  ['settings an array', mutate((w) => (w.settings = []))],
  ['nodes missing', mutate((w) => delete w.nodes)],
  ['a node not an object', mutate((w) => (w.nodes[0] = 'x'))],
  ['an empty name', mutate((w) => (w.nodes[0].name = ''))],
  ['no type', mutate((w) => delete w.nodes[0].type)],
  ['typeVersion a string', mutate((w) => (w.nodes[0].typeVersion = '1'))],
  ['no typeVersion', mutate((w) => delete w.nodes[0].typeVersion)],
  ['position of 3', mutate((w) => (w.nodes[0].position = [0, 0, 0]))],
  ['position with a string', mutate((w) => (w.nodes[0].position = [0, '0']))],
  ['parameters an array', mutate((w) => (w.nodes[0].parameters = []))],
  ['disabled a string', mutate((w) => (w.nodes[0].disabled = 'yes'))],
  ['notes a number', mutate((w) => (w.nodes[0].notes = 3))],
  ['credentials null', mutate((w) => (w.nodes[0].credentials = null))],
  ['connections an array', mutate((w) => (w.connections = []))],
  ['an output not an array', mutate((w) => (w.connections.A.main = {}))],
  ['a slot a string', mutate((w) => (w.connections.A.main[0] = 'x'))],
  ['a target without node', mutate((w) => delete w.connections.A.main[0][0].node)],
  ['a negative index', mutate((w) => (w.connections.A.main[0][0].index = -1))],
  ['a fractional index', mutate((w) => (w.connections.A.main[0][0].index = 0.5))],
  ['extra keys pass', mutate((w) => ((w.extra = 1), (w.nodes[0].extra = { a: 1 })))],
];

describe('workflow shape without zod', () => {
  it.each(crafted)('agrees with WorkflowSchema: %s', (_label, value) => {
    const issues = workflowShapeIssues(value);
    expect(issues.length === 0).toBe(WorkflowSchema.safeParse(value).success);
    expect(isWorkflowShape(value)).toBe(issues.length === 0);
  });

  it('agrees with WorkflowSchema on every corpus file that parses', () => {
    let checked = 0;
    for (const file of corpusFiles()) {
      if (file.json === undefined || !('nodes' in file.json)) continue;
      expect(isWorkflowShape(file.json), file.name).toBe(WorkflowSchema.safeParse(file.json).success);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(340);
  });

  it('names the path and what was expected', () => {
    expect(workflowShapeIssues(mutate((w) => (w.nodes[0].position = [0, '0'])))).toEqual([{ path: ['nodes', 0, 'position', 1], message: 'expected number, got string' }]);
  });
});

describe('env paths', () => {
  it('never resolve to inherited keys', () => {
    expect(getEnvPath({ credentials: { redis: { id: 'x' } } }, 'credentials.redis.id')).toBe('x');
    expect(getEnvPath({}, 'constructor')).toBeUndefined();
    expect(getEnvPath({ a: {} }, 'a.__proto__')).toBeUndefined();
    expect(getEnvPath({ a: [1, 2] }, 'a.length')).toBe(2); // an array's own length
  });
});
