// Checks emitted node parameters against n8n's own node descriptions (trimmed snapshot of
// n8n-nodes-base's dist/types/nodes.json in test/fixtures/n8n-node-types.json).
import { readFileSync } from 'node:fs';

interface Property {
  name: string;
  type: string;
  default?: unknown;
  displayOptions?: { show?: Record<string, unknown[]>; hide?: Record<string, unknown[]> };
  options?: Array<{ name: string; value?: unknown }>;
}
interface Description {
  type: string;
  version: number[];
  properties: Property[];
}

const fixture = JSON.parse(readFileSync(new URL('../fixtures/n8n-node-types.json', import.meta.url), 'utf8')) as {
  nodes: Description[];
};

export function describeNode(type: string, version: number): Description | undefined {
  return fixture.nodes.find((d) => d.type === type && d.version.includes(version));
}

function conditionHolds(expected: unknown, actual: unknown): boolean {
  if (expected && typeof expected === 'object' && '_cnd' in (expected as object)) {
    const [op, bound] = Object.entries((expected as { _cnd: Record<string, unknown> })._cnd)[0];
    const a = actual as number;
    const b = bound as number;
    switch (op) {
      case 'gte': return a >= b;
      case 'lte': return a <= b;
      case 'gt': return a > b;
      case 'lt': return a < b;
      case 'eq': return a === b;
      case 'not': return a !== b;
      default: return true; // unknown operators are not our concern here
    }
  }
  return expected === actual;
}

function visible(property: Property, values: Record<string, unknown>, version: number): boolean {
  const lookup = (key: string) => (key === '@version' ? version : values[key.replace(/^\//, '')]);
  const show = property.displayOptions?.show ?? {};
  const hide = property.displayOptions?.hide ?? {};
  for (const [key, allowed] of Object.entries(show)) {
    if (!allowed.some((e) => conditionHolds(e, lookup(key)))) return false;
  }
  for (const [key, denied] of Object.entries(hide)) {
    if (denied.some((e) => conditionHolds(e, lookup(key)))) return false;
  }
  return true;
}

/**
 * Problems with a node's parameters as n8n's editor would see them: unknown type/version,
 * parameters that no visible property declares, option values outside the declared options.
 */
export function checkNodeParameters(node: { type: string; typeVersion: number; parameters: Record<string, unknown> }): string[] {
  const description = describeNode(node.type, node.typeVersion);
  if (!description) return [`${node.type} v${node.typeVersion} is not a version n8n-nodes-base declares`];
  // Defaults first, then the node's own values, so displayOptions see what the editor sees.
  const values: Record<string, unknown> = {};
  for (const p of description.properties) if (!(p.name in values) && 'default' in p) values[p.name] = p.default;
  Object.assign(values, node.parameters);
  const problems: string[] = [];
  for (const [name, value] of Object.entries(node.parameters)) {
    const candidates = description.properties.filter((p) => p.name === name && visible(p, values, node.typeVersion));
    if (candidates.length === 0) {
      problems.push(`${node.type} v${node.typeVersion}: parameter "${name}" is not declared (or not visible) for these settings`);
      continue;
    }
    const isExpression = typeof value === 'string' && value.startsWith('=');
    // Options loaded at runtime (e.g. Merge's useDataOfInput) have no static list to check against.
    const options = candidates.find((p) => p.type === 'options' && (p.options?.length ?? 0) > 0);
    if (options && !isExpression && !options.options?.some((o) => o.value === value)) {
      problems.push(`${node.type} v${node.typeVersion}: "${name}" = ${JSON.stringify(value)} is not one of ${JSON.stringify(options.options?.map((o) => o.value))}`);
    }
  }
  return problems;
}
