// code-purity against the red-team corpus (support/bypasses.ts): every snippet that really obtains a
// capability in a vm set up like n8n 2.41's task runner (purity-oracle.test.ts checks that at run
// time) is reported, and every pure one passes. The DEFEATED spellings that obtain a capability
// without n8n's runner flags or freeze are reported too: the rule does not rely on those defences.
import { describe, expect, it } from 'vitest';
import { validateFiles } from '../../src/validate/engine.js';
import { BYPASSES, CLEAN, DEFEATED } from './support/bypasses.js';

const trigger = { parameters: { path: 'x', options: {} }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] };
function purityFindings(jsCode: string, mode = 'runOnceForAllItems'): string[] {
  const workflow = {
    name: 'T',
    nodes: [trigger, { parameters: { mode, jsCode }, name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] }],
    connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  };
  const [result] = validateFiles([{ file: 'w.json', text: JSON.stringify(workflow, null, 2) }], { envs: [], envsSelected: false });
  return result.findings.filter((f) => f.ruleId === 'code-purity').map((f) => `${f.messageId}: ${f.message}`);
}

describe('code-purity against the red-team corpus', () => {
  it.each(BYPASSES.map((b) => [b.id, b.code] as const))('reports the bypass %s', (_id, code) => {
    expect(purityFindings(code).length).toBeGreaterThan(0);
  });

  it.each(DEFEATED.filter((d) => d.obtainsWith).map((d) => [d.id, d.code] as const))('reports the spelling %s, which only n8n\'s flags or freeze stop', (_id, code) => {
    expect(purityFindings(code).length).toBeGreaterThan(0);
  });

  it.each(CLEAN.map((c) => [c.id, c.code, c.mode] as const))('proves the pure snippet %s', (_id, code, mode) => {
    expect(purityFindings(code, mode)).toEqual([]);
  });
});
