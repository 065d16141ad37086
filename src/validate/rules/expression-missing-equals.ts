import { defineRule, pointerKey, type RuleFinding } from '../types.js';

// Parameters whose text is JavaScript, SQL or HTML, where {{ }} may legitimately be literal.
const CODE_PARAMS = new Set(['workflowJson', 'jsCode', 'pythonCode', 'functionCode', 'query', 'html', 'content', 'sqlQuery', 'code', 'text', 'message', 'prompt', 'systemMessage', 'jsonBody', 'body']);

/** n8n evaluates `{{ }}` only in values that start with `=`; without it the braces are sent as text. */
export const expressionMissingEquals = defineRule({
  id: 'expression-missing-equals',
  meta: {
    description: 'string parameters that contain {{ $json... }} start with "=" (otherwise n8n never evaluates them)',
    defaultSeverity: 'warning',
    rationale: 'n8n evaluates `{{ }}` only in parameter values that start with `=`; in the editor that is the "Expression" toggle. Without it the braces are sent as literal text (a URL ending in `{{ $json.id }}`). Only n8n variables (`{{ $json`, `{{ $(`...) count, and parameters whose text is code, SQL, HTML or a prompt are skipped, where braces may be meant literally. Turn the field into an expression, or prefix the value with `=`.',
    messages: { missingEquals: '"{{node}}" parameter {{parameter}} contains an n8n expression but does not start with "=": it is sent as literal text' },
  },
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    // The path is one array, pushed and popped on the way down, and turned into a pointer only for
    // a finding: most values are fine, and a copy of the path per value was most of this rule's cost.
    const path: string[] = [];
    const visit = (value: unknown, key: string, nodeName: string) => {
      if (typeof value === 'string') {
        // Only n8n variables: `{{ $json.x }}`, `{{ $('Node') }}`... (templates of other tools use other names).
        if (value.includes('{{') && !value.startsWith('=') && !CODE_PARAMS.has(key) && /\{\{\s*\$[A-Za-z_(]/.test(value)) {
          findings.push({ messageId: 'missingEquals', data: { node: nodeName, parameter: key }, pointer: '/' + path.map(pointerKey).join('/') });
        }
      } else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          path.push(String(i));
          visit(value[i], key, nodeName);
          path.pop();
        }
      } else if (value && typeof value === 'object') {
        for (const k of Object.keys(value)) {
          path.push(k);
          visit((value as Record<string, unknown>)[k], k, nodeName);
          path.pop();
        }
      }
    };
    workflow.nodes.forEach((node, index) => {
      path.push('nodes', String(index), 'parameters');
      visit(node.parameters, '', node.name);
      path.length = 0;
    });
    return findings;
  },
});
