import { analyzeJavaScript } from '../js-analysis.js';
import { codeSources, hasMarker, isShippedPrimitiveBody } from '../node-kinds.js';
import type { Rule, RuleFinding } from '../types.js';

/** Date.now, new Date(), Math.random, crypto.randomUUID: allowed, but the result depends on the run. */
export const codeNondeterminism: Rule = {
  id: 'code-nondeterminism',
  description: 'Code nodes that read the clock or randomness (Date.now, new Date(), Math.random, crypto.randomUUID) give different results per run',
  defaultSeverity: 'warning',
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    for (const code of codeSources(workflow)) {
      if (code.language !== 'javascript' || (hasMarker(code.source) && isShippedPrimitiveBody(code.source))) continue;
      for (const p of analyzeJavaScript(code.source).filter((p) => p.kind === 'nondeterministic')) {
        findings.push({ message: `"${code.node.name}" (code line ${p.line}): ${p.message}`, pointer: `/nodes/${code.index}/parameters/jsCode`, stringIndex: p.index });
      }
    }
    return findings;
  },
};
