// The function workflows the e2e suite runs in a real n8n (and proves correct there) pass validate:
// the function rules know the node types and accept what works.
import { describe, expect, it } from 'vitest';
import { validateFiles } from '../../src/validate/engine.js';
import { functionWorkflows } from '../e2e/lib/functions-fixtures.js';

describe('validate on the e2e function workflows', () => {
  it('reports nothing for the function rules, and sees each Function trigger as a trigger', () => {
    const files = functionWorkflows().map((wf, i) => ({ file: `wf${i}.json`, text: JSON.stringify(wf, null, 2) }));
    const findings = validateFiles(files, { envs: [], envsSelected: false }).flatMap((r) => r.findings);
    expect(findings.filter((f) => ['function-return-on-every-path', 'call-function-defined', 'unreachable-node'].includes(f.ruleId)).map((f) => `${f.file}: ${f.message}`)).toEqual([]);
  });
});
