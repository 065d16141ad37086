// Trims n8n-nodes-base's dist/types/nodes.json (the descriptions the editor gets) to the node types
// n8n-lock emits, for test/fixtures/n8n-node-types.json. Usage:
//   npm pack n8n-nodes-base@2.41.1 && tar xzf n8n-nodes-base-2.41.1.tgz
//   node scripts/snapshot-node-types.mjs package/dist/types/nodes.json 2.41.1 > test/fixtures/n8n-node-types.json
import { readFileSync } from 'node:fs';

const [path, version] = process.argv.slice(2);
const TYPES = ['executeWorkflowTrigger', 'errorTrigger', 'code', 'redis', 'if', 'wait', 'stopAndError', 'executeWorkflow', 'merge', 'set'];

function trimProperty(p) {
  const out = { name: p.name, type: p.type };
  if ('default' in p) out.default = p.default;
  if (p.displayOptions) out.displayOptions = p.displayOptions;
  if (Array.isArray(p.options)) {
    out.options = p.options.map((o) =>
      'value' in o ? { name: o.name, value: o.value } : o.values ? { name: o.name, values: o.values.map(trimProperty) } : trimProperty(o),
    );
  }
  return out;
}

const all = JSON.parse(readFileSync(path, 'utf8'));
const nodes = all
  .filter((n) => TYPES.includes(n.name))
  .map((n) => ({
    type: `n8n-nodes-base.${n.name}`,
    version: Array.isArray(n.version) ? n.version : [n.version],
    defaultVersion: n.defaultVersion ?? null,
    properties: n.properties.map(trimProperty),
  }));
process.stdout.write(JSON.stringify({ source: `n8n-nodes-base@${version} dist/types/nodes.json`, nodes }, null, 1) + '\n');
