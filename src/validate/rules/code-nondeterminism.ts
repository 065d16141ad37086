import { analyzeJavaScript } from '../js-analysis.js';
import { analysedJavaScript } from '../node-kinds.js';
import { defineRule, type RuleFinding } from '../types.js';
import { reportOncePerMessage } from './code-purity.js';

const MESSAGES = {
  clockOrRandom: '"{{node}}" (code line {{line}}): {{what}} makes the result depend on when/where it runs (non-deterministic){{more}}',
};

/** Date.now, new Date(), Math.random, crypto.randomUUID: allowed, but the result depends on the run. */
export const codeNondeterminism = defineRule({
  id: 'code-nondeterminism',
  meta: {
    description: 'Code nodes that read the clock or randomness (Date.now, new Date(), Math.random, crypto.randomUUID) give different results per run',
    defaultSeverity: 'warning',
    rationale:
      'A Code node that reads the clock or a random source gives a different result for the same input, so a run cannot be replayed or compared. That is sometimes what you want (a timestamp on a record): this rule is a warning. Prefer a value from the data (`$json.receivedAt`) or n8n\'s `$now`, which the execution records; or switch the rule off for that node with a reason.',
    messages: MESSAGES,
  },
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    for (const code of analysedJavaScript(workflow)) {
      const problems = analyzeJavaScript(code.source).filter((p) => p.kind === 'nondeterministic');
      findings.push(...reportOncePerMessage(problems, code.node.name, `/nodes/${code.index}/parameters/${code.param}`, MESSAGES, code.offset));
    }
    return findings;
  },
});
