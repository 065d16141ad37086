import { codeSources, hasMarker, isShippedPrimitiveBody, PRIMITIVE_MARKER } from '../node-kinds.js';
import type { Rule, RuleFinding } from '../types.js';

/** The marker exempts only bodies n8n-lock ships; anywhere else it silently switches validation off. */
export const primitiveMarker: Rule = {
  id: 'primitive-marker',
  description: `the ${PRIMITIVE_MARKER} marker appears only on Code bodies byte-identical to a shipped n8n-lock primitive`,
  defaultSeverity: 'error',
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    for (const code of codeSources(workflow)) {
      if (!hasMarker(code.source) || isShippedPrimitiveBody(code.source)) continue;
      const index = code.source.indexOf(PRIMITIVE_MARKER);
      findings.push({
        message: `"${code.node.name}": carries the primitive marker but is not a shipped primitive body (edited or copied): the marker would switch validation off; remove it (or restore the primitive with n8n-lock copy-primitive --force-overwrite)`,
        pointer: `/nodes/${code.index}/parameters/${code.param}`,
        stringIndex: index,
      });
    }
    return findings;
  },
};
