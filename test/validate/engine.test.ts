// The engine checks files one at a time (validateFiles) and keeps only those a cross-file rule
// concerns until every file's facts are in. Its results must be exactly those of parsing every file
// first (prepareFiles + checkPrepared, the threads' way), whatever the order of the files.
import { describe, expect, it } from 'vitest';
import { checkPrepared, prepareFiles, validateFiles } from '../../src/validate/engine.js';
import { RULES } from '../../src/validate/rules.js';
import { WorkflowGraph } from '../../src/workflow/graph.js';
import { addLock } from '../../src/patchers/index.js';
import { corpusFiles } from '../support/corpus.js';

const trigger = { parameters: { path: 'x', options: {} }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] };
const code = { parameters: { jsCode: 'return $input.all();' }, name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] };
const flow = (nodes: object[]) => ({ name: 'T', nodes, connections: { Webhook: { main: [[{ node: nodes[1] && (nodes[1] as { name: string }).name, type: 'main', index: 0 }]] } }, settings: { executionOrder: 'v1' } });
const locked = (ttlSeconds: number) => addLock(flow([trigger, code]), { scopeExpression: 'billing', ttlSeconds }).workflow;
const fnTrigger = (functionName: string) => ({ parameters: { functionName, scope: 'global' }, name: 'Function', type: 'n8n-nodes-lock.function', typeVersion: 1, position: [0, 0] });
const fnCall = (functionName: string) => ({ parameters: { functionName, scope: 'global', parameters: '={{ $json }}', timeout: 30 }, name: 'Call Function', type: 'n8n-nodes-lock.callFunction', typeVersion: 1, position: [220, 0] });

/** The corpus, with workflows the cross-file rules compare placed before and after the others. */
function inputs(): Array<{ file: string; text: string }> {
  const own = [
    { file: 'lock-60.json', text: JSON.stringify(locked(60), null, 2) },
    { file: 'caller.json', text: JSON.stringify(flow([trigger, fnCall('totals')]), null, 2) },
  ];
  const corpus = corpusFiles().map((f) => ({ file: f.name, text: f.text }));
  const later = [
    { file: 'lock-120.json', text: JSON.stringify(locked(120), null, 2) },
    { file: 'definer.json', text: JSON.stringify(flow([fnTrigger('totals'), code]), null, 2) },
  ];
  return [...own, ...corpus, ...later];
}

describe('validateFiles, one file at a time', () => {
  const options = { envs: [], envsSelected: false };

  it('reports exactly what parsing every file first reports, on the corpus and cross-file cases', () => {
    const all = inputs();
    const streamed = validateFiles(all, options);
    const prepared = prepareFiles(all);
    expect(streamed).toEqual(checkPrepared(prepared, prepared.facts, options));
    // The cross-file cases did what they are there for: a file checked before the one it is compared with sees it.
    const byFile = new Map(streamed.map((r) => [r.file, r.findings.map((f) => f.ruleId)]));
    expect(byFile.get('lock-60.json')).toContain('lock-ttl-consistent');
    expect(byFile.get('lock-120.json')).toContain('lock-ttl-consistent');
    expect(byFile.get('caller.json')).not.toContain('call-function-defined');
  });

  it('a cross-file rule reports nothing on a workflow it does not concern, whatever the repository holds', () => {
    const prepared = prepareFiles(inputs());
    const crossFile = RULES.filter((rule) => rule.crossFile);
    expect(crossFile.map((rule) => rule.id).sort()).toEqual(['call-function-defined', 'lock-ttl-consistent']);
    let unconcerned = 0;
    for (const p of prepared.parsed) {
      if (!p.workflow) continue;
      for (const rule of crossFile) {
        if (rule.crossFile!.concerns(p.workflow)) continue;
        unconcerned++;
        const context = { file: p.file, workflow: p.workflow, graph: new WorkflowGraph(p.workflow), envs: [], envsSelected: false, repo: { ...prepared.facts, workflowKeys: new Set<string>() } };
        expect(rule.check(context), `${rule.id} on ${p.file}`).toEqual([]);
      }
    }
    expect(unconcerned).toBeGreaterThan(600);
  });
});
