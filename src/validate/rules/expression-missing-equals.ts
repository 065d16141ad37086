import { pointerKey, type Rule, type RuleFinding } from '../types.js';

// Parameters whose text is JavaScript, SQL or HTML, where {{ }} may legitimately be literal.
const CODE_PARAMS = new Set(['workflowJson', 'jsCode', 'pythonCode', 'functionCode', 'query', 'html', 'content', 'sqlQuery', 'code', 'text', 'message', 'prompt', 'systemMessage', 'jsonBody', 'body']);

/** n8n evaluates `{{ }}` only in values that start with `=`; without it the braces are sent as text. */
export const expressionMissingEquals: Rule = {
  id: 'expression-missing-equals',
  description: 'string parameters that contain {{ $json... }} start with "=" (otherwise n8n never evaluates them)',
  defaultSeverity: 'warning',
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    const visit = (value: unknown, pointer: string, key: string, nodeName: string) => {
      if (typeof value === 'string') {
        // Only n8n variables: `{{ $json.x }}`, `{{ $('Node') }}`... (templates of other tools use other names).
        if (!value.startsWith('=') && !CODE_PARAMS.has(key) && /\{\{\s*\$[A-Za-z_(]/.test(value)) {
          findings.push({ message: `"${nodeName}" parameter ${key} contains an n8n expression but does not start with "=": it is sent as literal text`, pointer });
        }
      } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${pointer}/${i}`, key, nodeName));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, `${pointer}/${pointerKey(k)}`, k, nodeName);
    };
    workflow.nodes.forEach((node, index) => visit(node.parameters, `/nodes/${index}/parameters`, '', node.name));
    return findings;
  },
};
