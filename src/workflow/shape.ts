// The shape of an n8n workflow, checked without zod: validate looks at thousands of files, and
// loading zod alone costs it ~90 ms. It checks exactly what WorkflowSchema (schema.ts) checks, and
// a test holds the two together over the corpus and crafted bad shapes.

export interface ShapeIssue {
  path: Array<string | number>;
  message: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
// zod's z.number() rejects NaN; JSON has no NaN or Infinity, so typeof is the same test.
const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);

/** The first `limit` ways `value` is not a workflow (none: it is one). */
export function workflowShapeIssues(value: unknown, limit = 5): ShapeIssue[] {
  const issues: ShapeIssue[] = [];
  const add = (path: Array<string | number>, expected: string, got: unknown) => issues.length < limit && issues.push({ path, message: `expected ${expected}, got ${kind(got)}` });
  const optional = (v: unknown, check: (v: unknown) => boolean, path: Array<string | number>, expected: string) => v === undefined || check(v) || add(path, expected, v);
  if (!isObject(value)) {
    add([], 'object', value);
    return issues;
  }
  optional(value.name, (v) => typeof v === 'string', ['name'], 'string');
  optional(value.settings, isObject, ['settings'], 'object');
  if (!Array.isArray(value.nodes)) add(['nodes'], 'array', value.nodes);
  else {
    value.nodes.forEach((node, i) => {
      const at = (key: string | number, ...more: Array<string | number>) => ['nodes', i, key, ...more];
      if (!isObject(node)) return add(['nodes', i], 'object', node);
      if (typeof node.name !== 'string' || node.name.length === 0) add(at('name'), 'non-empty string', node.name);
      if (typeof node.type !== 'string' || node.type.length === 0) add(at('type'), 'non-empty string', node.type);
      if (!isNumber(node.typeVersion)) add(at('typeVersion'), 'number', node.typeVersion);
      const position = node.position;
      if (!Array.isArray(position) || position.length !== 2) add(at('position'), 'array of 2 numbers', position);
      else position.forEach((p, k) => isNumber(p) || add(at('position', k), 'number', p));
      if (!isObject(node.parameters)) add(at('parameters'), 'object', node.parameters);
      optional(node.id, (v) => typeof v === 'string', at('id'), 'string');
      optional(node.credentials, isObject, at('credentials'), 'object');
      optional(node.webhookId, (v) => typeof v === 'string', at('webhookId'), 'string');
      optional(node.disabled, (v) => typeof v === 'boolean', at('disabled'), 'boolean');
      optional(node.notes, (v) => typeof v === 'string', at('notes'), 'string');
      optional(node.onError, (v) => typeof v === 'string', at('onError'), 'string');
    });
  }
  if (!isObject(value.connections)) add(['connections'], 'object', value.connections);
  else {
    for (const [from, byType] of Object.entries(value.connections)) {
      if (!isObject(byType)) {
        add(['connections', from], 'object', byType);
        continue;
      }
      for (const [type, outputs] of Object.entries(byType)) {
        if (!Array.isArray(outputs)) {
          add(['connections', from, type], 'array', outputs);
          continue;
        }
        outputs.forEach((targets, output) => {
          if (targets === null) return;
          if (!Array.isArray(targets)) return add(['connections', from, type, output], 'array or null', targets);
          targets.forEach((t, k) => {
            const at = ['connections', from, type, output, k];
            if (!isObject(t)) return add(at, 'object', t);
            if (typeof t.node !== 'string') add([...at, 'node'], 'string', t.node);
            if (typeof t.type !== 'string') add([...at, 'type'], 'string', t.type);
            if (!Number.isInteger(t.index) || (t.index as number) < 0) add([...at, 'index'], 'whole number >= 0', t.index);
          });
        });
      }
    }
  }
  return issues;
}

/** True exactly when WorkflowSchema.safeParse(value) succeeds. */
export const isWorkflowShape = (value: unknown): boolean => workflowShapeIssues(value, 1).length === 0;
