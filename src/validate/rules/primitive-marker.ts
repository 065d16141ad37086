import { codeSources, hasMarker, isShippedPrimitiveBody, PRIMITIVE_MARKER } from '../node-kinds.js';
import { defineRule, type RuleFinding } from '../types.js';

/** The marker exempts only bodies n8n-lock ships; anywhere else it silently switches validation off. */
export const primitiveMarker = defineRule({
  id: 'primitive-marker',
  meta: {
    description: `the ${PRIMITIVE_MARKER} marker appears only on Code bodies byte-identical to a shipped n8n-lock primitive`,
    defaultSeverity: 'error',
    rationale: [
      `The shipped primitives' Code bodies start with \`${PRIMITIVE_MARKER}\`, and a body that carries it is exempt from the Code rules, because n8n-lock tests those bodies itself. The exemption holds only for a body byte-identical to one that n8n-lock ships; the error handler's body is recognised after render too, through render's exact inverse: its scopes line must be exactly what render writes for a list of strings (\`const LOCK_SCOPES = ["a","b"];\`), so no code can ride on that line.`,
      'Anywhere else the marker is how validation gets switched off silently, so it is an error of its own. Remove it from your code, or restore an edited primitive with `n8n-lock copy-primitive <name> --force-overwrite`.',
    ].join('\n\n'),
    messages: {
      notShipped: '"{{node}}": carries the primitive marker but is not a shipped primitive body (edited or copied): the marker would switch validation off; remove it (or restore the primitive with n8n-lock copy-primitive --force-overwrite)',
    },
  },
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    for (const code of codeSources(workflow)) {
      if (!hasMarker(code.source) || isShippedPrimitiveBody(code.source)) continue;
      const index = code.source.indexOf(PRIMITIVE_MARKER);
      findings.push({ messageId: 'notShipped', data: { node: code.node.name }, pointer: `/nodes/${code.index}/parameters/${code.param}`, stringIndex: index, stringEnd: index + PRIMITIVE_MARKER.length });
    }
    return findings;
  },
});
