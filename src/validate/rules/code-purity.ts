import { analyzeJavaScript, analyzePython, type CodeProblem } from '../js-analysis.js';
import { codeSources, hasMarker, isShippedPrimitiveBody } from '../node-kinds.js';
import { defineRule, formatMessage, type RuleFinding } from '../types.js';

const AT = '"{{node}}" (code line {{line}}): ';

const MESSAGES = {
  forbiddenGlobal: `${AT}{{what}} is not allowed in a pure Code node{{more}}`,
  moduleImport: `${AT}module loading (import from "{{source}}") is not allowed in a pure Code node{{more}}`,
  dynamicImport: `${AT}module loading (dynamic import()) is not allowed in a pure Code node{{more}}`,
  stringTimer: `${AT}{{timer}} with a string argument evaluates code (dynamic code): pass a function{{more}}`,
  capabilityEscape: `${AT}{{capability}} {{use}}: capabilities escape a pure Code node this way{{more}}`,
  syntaxError: `${AT}cannot be parsed: {{error}}{{more}}`,
  withStatement: `${AT}a with statement makes every name inside it a possible property of its object (constructor, helpers): not allowed{{more}}`,
  builtinWrite: `${AT}changes {{what}}, shared by everything in the sandbox (a getter or method put there runs with any receiver, the global object included): not allowed{{more}}`,
  prototypeAccess: `${AT}.{{key}} reaches or redefines prototypes and accessors: not allowed{{more}}`,
  pythonImport: `${AT}import of I/O module "{{module}}" is not allowed in a pure Code node{{more}}`,
  pythonCall: `${AT}{{fn}}() is not allowed in a pure Code node{{more}}`,
};

/** Code nodes must stay pure: no module loading, I/O, environment, process or dynamic code. */
export const codePurity = defineRule({
  id: 'code-purity',
  meta: {
    description: 'Code nodes stay pure: no require/import, network or this.helpers I/O, process/$env, eval/Function, and no capability (the global object, the Function constructor) escapes through variables, containers, calls or reflection',
    defaultSeverity: 'error',
    rationale: [
      'A Code node that does I/O, reads the environment or compiles code at run time is not a function of its input: it cannot be reviewed, tested or replayed, and it bypasses the credentials and nodes a workflow is audited by.',
      'JavaScript is parsed (acorn) and scope-analysed (eslint-scope): a local variable named `fetch` or a string that mentions `require` is fine. The forbidden globals (`require`, `process`, `fetch`, `XMLHttpRequest`, `WebSocket`, `$http`, `$env`, `eval`, `Function`, `helpers`) are reported wherever they are used, aliases included. `import` declarations and `import()` are module loading; a string passed to `setTimeout`/`setInterval`/`setImmediate` is code.',
      "The values that carry capabilities are tracked wherever they flow, deny by default: the global object (`this` outside strict code, because n8n runs the body as a sloppy-mode function whose `this` is the sandbox's global object; `globalThis`, `global`, `window`, `self`) and the Function constructor (`Function`, any `.constructor` read, `Reflect.get(x, 'constructor')`, `Object.getOwnPropertyDescriptor(s)`). Through variables, destructuring, arrays and objects, parameters and return values, only a read of a named key from an allow-list passes (standard built-ins and n8n's `$` data accessors for the global object; `name`, `length`, `prototype`, `toString` for the Function constructor), and comparing or `typeof` is harmless; a dynamic key, another key (`this.helpers`), passing one on, storing, spreading, returning or throwing it is reported with the capability and the use.",
      'Python Code nodes are checked by tokens: imports of I/O modules (`os`, `subprocess`, `socket`, `requests`, `urllib`, `http`, `shutil`, `pathlib`, ...) and `open()`, `eval()`, `exec()`, `__import__()`, `compile()`.',
      'Repeated identical findings in one node are reported once, with how many more there are. To fix: move the I/O into a node made for it (HTTP Request, Redis, ...), or, for code that must stay, suppress it on that node with a reason (`n8n-lock-disable code-purity -- <why>`).',
    ].join('\n\n'),
    messages: MESSAGES,
  },
  check({ workflow }) {
    const findings: RuleFinding[] = [];
    for (const code of codeSources(workflow)) {
      if (hasMarker(code.source) && isShippedPrimitiveBody(code.source)) continue;
      const problems = code.language === 'python' ? analyzePython(code.source) : analyzeJavaScript(code.source);
      findings.push(...reportOncePerMessage(problems.filter((p) => p.kind !== 'nondeterministic'), code.node.name, `/nodes/${code.index}/parameters/${code.param}`, MESSAGES));
    }
    return findings;
  },
});

/**
 * Findings for a node's problems; problems that would print the same message (a bundled library
 * that uses `this` a hundred times) become one finding, at the first, that says how many more.
 */
export function reportOncePerMessage(problems: CodeProblem[], node: string, pointer: string, messages: Record<string, string>): RuleFinding[] {
  const groups = new Map<string, CodeProblem[]>();
  for (const p of problems) {
    const key = `${p.messageId}\u0000${formatMessage(messages[p.messageId].replace(/\{\{more\}\}|\{\{line\}\}/g, ''), { node, ...p.data })}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(p);
  }
  return [...groups.values()].map(([first, ...rest]) => ({
    messageId: first.messageId,
    data: { node, line: first.line, ...first.data, more: rest.length ? ` (and ${rest.length} more like it in this node)` : '' },
    pointer,
    stringIndex: first.index,
    stringEnd: first.end,
  }));
}
