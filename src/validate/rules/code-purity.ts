import { analyzeJavaScript, analyzePython } from '../js-analysis.js';
import { codeSources, hasMarker, isShippedPrimitiveBody } from '../node-kinds.js';
import type { Rule, RuleFinding } from '../types.js';

/** Code nodes must stay pure: no module loading, I/O, environment, process or dynamic code. */
export const codePurity: Rule = {
  id: 'code-purity',
  description: 'Code nodes stay pure: no require/import, network or this.helpers I/O, process/$env, eval/Function, or escapes around these checks',
  defaultSeverity: 'error',
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    for (const code of codeSources(workflow)) {
      if (hasMarker(code.source) && isShippedPrimitiveBody(code.source)) continue;
      const problems = code.language === 'python' ? analyzePython(code.source) : analyzeJavaScript(code.source);
      for (const p of problems.filter((p) => p.kind !== 'nondeterministic')) {
        findings.push({ message: `"${code.node.name}" (code line ${p.line}): ${p.message}`, pointer: `/nodes/${code.index}/parameters/${code.param}`, stringIndex: p.index });
      }
    }
    return findings;
  },
};
