import { codeRuntimeOf } from '../../n8n-versions.js';
import { analyzeJavaScript, analyzePython, type CodeProblem } from '../js-analysis.js';
import { codeSources, hasMarker, isShippedPrimitiveBody } from '../node-kinds.js';
import { defineRule, formatMessage, type RuleFinding } from '../types.js';
import { CODE_PURITY_ARGUMENT } from './code-purity-argument.js';

const AT = '"{{node}}" (code line {{line}}): ';

const MESSAGES = {
  forbiddenGlobal: `${AT}{{what}} is not allowed in a pure Code node{{more}}`,
  moduleImport: `${AT}module loading (import from "{{source}}") is not allowed in a pure Code node{{more}}`,
  dynamicImport: `${AT}module loading (dynamic import()) is not allowed in a pure Code node{{more}}`,
  stringTimer: `${AT}{{timer}} with a string argument evaluates code (dynamic code): pass a function{{more}}`,
  capabilityEscape: `${AT}{{capability}} {{use}}: capabilities escape a pure Code node this way{{more}}`,
  unprovable: `${AT}cannot be proven pure: {{what}} {{use}}{{more}}`,
  unknownCode: `"{{node}}": cannot be proven pure: n8n-lock cannot tell which code this node runs ({{reason}})`,
  syntaxError: `${AT}cannot be parsed: {{error}}{{more}}`,
  withStatement: `${AT}a with statement makes every name inside it a possible property of its object (constructor, helpers): not allowed{{more}}`,
  builtinWrite: `${AT}{{what}} {{use}}: a built-in is shared by everything in the sandbox (a getter or method put there runs with any receiver, the global object included): not allowed{{more}}`,
  prototypeAccess: `${AT}.{{key}} reaches or redefines prototypes and accessors: not allowed{{more}}`,
  pythonImport: `${AT}import of I/O module "{{module}}" is not allowed in a pure Code node{{more}}`,
  pythonCall: `${AT}{{fn}}() is not allowed in a pure Code node{{more}}`,
  runtimeNotModelled: `"{{node}}": cannot be proven pure for n8n {{version}}: {{why}}; validate for a modelled version (--n8n-version, "n8nVersion" in n8n-lock.config.json) or switch code-purity off`,
};

/** Code nodes must stay pure: no module loading, I/O, environment, process or dynamic code. */
export const codePurity = defineRule({
  id: 'code-purity',
  meta: {
    description: 'Code nodes stay pure: no require/import, I/O helpers, process/$env/$secrets, eval/Function; deny by default on names and on values, so what the analysis cannot prove pure is reported as such',
    defaultSeverity: 'error',
    rationale: [
      'A Code node that does I/O, reads the environment or compiles code at run time is not a function of its input: it cannot be reviewed, tested or replayed, and it bypasses the credentials and nodes a workflow is audited by. This rule is a security gate: it passes a body only when it proves that nothing in it can obtain a capability, and it reports everything else, either as reaching a capability (`capabilityEscape`, `forbiddenGlobal`, `builtinWrite`, ...) or as something it cannot prove pure (`unprovable`).',
      'JavaScript is parsed (acorn) and scope-analysed (eslint-scope), never matched with regular expressions: a local variable named `fetch` or a string that mentions `require` is fine. Python Code nodes are checked by tokens: imports of I/O modules (`os`, `subprocess`, `socket`, `requests`, `urllib`, `http`, `shutil`, `pathlib`, ...) and `open()`, `eval()`, `exec()`, `__import__()`, `compile()`.',
      CODE_PURITY_ARGUMENT,
      '### Fixing a finding',
      'Repeated identical findings in one node are reported once, with how many more there are. Move the I/O into a node made for it (HTTP Request, Redis, ...); for `unprovable`, rewrite into the provable subset (read keys you enumerated from the same object, keep values of unknown keys as data instead of calling them, use a class instead of `super` in an object literal, declare every variable); or suppress it on that node with a reason (`n8n-lock-disable code-purity -- <why>`).',
    ].join('\n\n'),
    messages: MESSAGES,
  },
  check({ workflow, n8nVersion }) {
    const findings: RuleFinding[] = [];
    const runtime = codeRuntimeOf(n8nVersion);
    for (const code of codeSources(workflow)) {
      // A proof under a model of another runtime proves nothing: every Code node is unproven there.
      if (!runtime.modelled) {
        if (!(hasMarker(code.source) && isShippedPrimitiveBody(code.source))) findings.push({ messageId: 'runtimeNotModelled', data: { node: code.node.name, version: n8nVersion.text, why: runtime.why }, pointer: `/nodes/${code.index}` });
        continue;
      }
      if (code.language === 'unknown') {
        findings.push({ messageId: 'unknownCode', data: { node: code.node.name, reason: code.unknownReason ?? 'unknown' }, pointer: `/nodes/${code.index}/${code.param === 'typeVersion' ? 'typeVersion' : `parameters/${code.param}`}` });
        continue;
      }
      if (hasMarker(code.source) && isShippedPrimitiveBody(code.source)) continue;
      const problems = code.language === 'python' ? analyzePython(code.source) : analyzeJavaScript(code.source);
      findings.push(...reportOncePerMessage(problems.filter((p) => p.kind !== 'nondeterministic'), code.node.name, `/nodes/${code.index}/parameters/${code.param}`, MESSAGES, code.offset));
    }
    return findings;
  },
});

/**
 * Findings for a node's problems; problems that would print the same message (a bundled library
 * that uses `this` a hundred times) become one finding, at the first, that says how many more.
 * `offset`: where the parameter's text starts in the analysed source (CodeSource.offset); a problem in
 * n8n's own wrapping points at the parameter's start.
 */
export function reportOncePerMessage(problems: CodeProblem[], node: string, pointer: string, messages: Record<string, string>, offset = 0): RuleFinding[] {
  const groups = new Map<string, CodeProblem[]>();
  for (const p of problems) {
    const key = `${p.messageId}\u0000${formatMessage(messages[p.messageId].replace(/\{\{more\}\}|\{\{line\}\}/g, ''), { node, ...p.data })}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(p);
  }
  return [...groups.values()].map(([first, ...rest]) => ({
    messageId: first.messageId,
    data: { node, line: first.line, ...first.data, more: rest.length ? ` (and ${rest.length} more like it in this node)` : '' },
    pointer,
    stringIndex: Math.max(0, first.index - offset),
    stringEnd: Math.max(0, first.end - offset),
  }));
}
