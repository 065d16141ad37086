import { PRIMITIVES, PRIMITIVE_NAMES, PRIMITIVE_MARKER } from '../primitives/index.js';
import { LOCK_SCOPES_LINE_START } from '../primitives/error-handler-lock-cleanup.js';
import { unrenderLockScopesLine } from '../envs/lock-scopes-line.js';
import type { Workflow, WorkflowNode } from '../workflow/schema.js';

export { PRIMITIVE_MARKER };

/** One body of code n8n runs for a node, or why n8n-lock cannot tell which code that is. */
export interface CodeSource {
  node: WorkflowNode;
  index: number;
  language: 'javascript' | 'python' | 'unknown';
  source: string;
  /** The parameter that holds the code n8n runs (`jsCode`, `pythonCode`, `functionCode`, `code`, `code/execute/code`), as a JSON pointer below `parameters`. */
  param: string;
  /**
   * Where the parameter's text starts in `source`, when n8n runs it inside code of its own (the Sort code
   * is a comparator's body): findings' offsets are the parameter's after subtracting it. Absent: 0.
   */
  offset?: number;
  /** For `unknown`: what could not be classified (the language or typeVersion value, or a code parameter that is not a string). */
  unknownReason?: string;
}

const LEGACY_FUNCTION_TYPES = new Set(['n8n-nodes-base.function', 'n8n-nodes-base.functionItem']);
/** The Code Tool of n8n's AI nodes: `language` (default javaScript) picks `jsCode` or `pythonCode`, run in the same task runner (JsTaskRunnerSandbox.runCodeForTool), with the tool's input as `query`. */
const TOOL_CODE = '@n8n/n8n-nodes-langchain.toolCode';
/** AI Transform: runs the `jsCode` generated from its instructions, for all items, in the same task runner. */
const AI_TRANSFORM = 'n8n-nodes-base.aiTransform';
/** The LangChain Code node: runs `code.execute.code` (as a main node) or `code.supplyData.code` (as a sub-node) in n8n's vm2 JavaScriptSandbox, with `require`. */
const LANGCHAIN_CODE = '@n8n/n8n-nodes-langchain.code';
/**
 * Sort (`type` code) and Item Lists (`operation` sort, `type` code) run `code` as the body of a
 * comparator, in the task runner (n8n 2.41 Transform/Sort/utils.js, ItemLists/V3/helpers/utils.js:
 * sortByCode): `return items.sort((a, b) => { <code> })`, text spliced into text, so the code may close
 * the comparator and go on as any body.
 */
const SORT_CODE_BEFORE = 'return items.sort((a, b) => { ';
const SORT_CODE_AFTER = ' })';

/**
 * The JavaScript bodies the Code rules analyse (code-purity, code-nondeterminism): every one but
 * n8n-lock's own shipped primitives, which are checked against what n8n-lock ships instead.
 */
export function analysedJavaScript(workflow: Workflow): CodeSource[] {
  return codeSources(workflow).filter((code) => code.language === 'javascript' && !(hasMarker(code.source) && isShippedPrimitiveBody(code.source)));
}

/**
 * The code n8n runs for each Code, Function and Function Item node, chosen as n8n 2.41 chooses it
 * (`Code.node.js`): typeVersion 1 always runs `jsCode` (its `language` is a hidden parameter the
 * node never reads); typeVersion 2 reads `language`: `javaScript` runs `jsCode`, `python` and
 * `pythonNative` run `pythonCode`. The legacy Function and Function Item nodes run `functionCode`
 * as JavaScript (vm2). n8n's Code Tool and AI Transform nodes run their code in the same task runner,
 * Sort and Item Lists run their code option there as a comparator's body, and the LangChain Code node
 * runs its code in vm2: they are checked too. Anything else (another typeVersion, another language, a code parameter that is
 * not a string) is returned as `unknown`, with the value, so the purity rule reports it instead of
 * checking the wrong parameter.
 */
export function codeSources(workflow: Workflow): CodeSource[] {
  const out: CodeSource[] = [];
  workflow.nodes.forEach((node, index) => {
    const p = (node.parameters ?? {}) as Record<string, unknown>;
    // The code a parameter holds. Absent: the node's default (pure template code). Anything but a string
    // (an array, an object): n8n hands it to the runner as it is, which makes code of it, so it is code
    // n8n-lock cannot tell: reported, never skipped.
    const push = (language: 'javascript' | 'python', param: string, wrap?: [before: string, after: string]) => {
      const value = param.split('/').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), p);
      if (typeof value === 'string') out.push({ node, index, language, source: wrap ? wrap[0] + value + wrap[1] : value, param, ...(wrap ? { offset: wrap[0].length } : {}) });
      else if (value !== undefined) out.push({ node, index, language: 'unknown', source: '', param, unknownReason: `${param} is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value === 'object' ? 'an object' : `a ${typeof value}`}, not a string` });
    };
    if (LEGACY_FUNCTION_TYPES.has(node.type)) {
      push('javascript', 'functionCode');
      return;
    }
    if (node.type === AI_TRANSFORM) {
      push('javascript', 'jsCode');
      return;
    }
    if (node.type === LANGCHAIN_CODE) {
      push('javascript', 'code/execute/code');
      push('javascript', 'code/supplyData/code');
      return;
    }
    if ((node.type === 'n8n-nodes-base.sort' && p.type === 'code') || (node.type === 'n8n-nodes-base.itemLists' && p.operation === 'sort' && p.type === 'code')) {
      push('javascript', 'code', [SORT_CODE_BEFORE, SORT_CODE_AFTER]);
      return;
    }
    // `language` (default javaScript) picks the parameter: jsCode, or pythonCode for one of pythonLanguages.
    const byLanguage = (pythonLanguages: string[]) => {
      const language = p.language ?? 'javaScript';
      if (language === 'javaScript') push('javascript', 'jsCode');
      else if (typeof language === 'string' && pythonLanguages.includes(language)) push('python', 'pythonCode');
      else out.push({ node, index, language: 'unknown', source: '', param: 'language', unknownReason: `language ${JSON.stringify(language)}` });
    };
    if (node.type === TOOL_CODE) {
      byLanguage(['python']);
      return;
    }
    if (node.type !== 'n8n-nodes-base.code') return;
    const version = node.typeVersion;
    if (version === 1) {
      push('javascript', 'jsCode');
      return;
    }
    if (version !== 2) {
      out.push({ node, index, language: 'unknown', source: '', param: 'typeVersion', unknownReason: `typeVersion ${JSON.stringify(version)}` });
      return;
    }
    byLanguage(['python', 'pythonNative']);
  });
  return out;
}

let shipped: Set<string> | undefined;
/** Every Code-node body that n8n-lock ships: the only bodies the primitive marker may exempt. */
export function shippedPrimitiveBodies(): Set<string> {
  shipped ??= new Set(
    PRIMITIVE_NAMES.flatMap((name) => PRIMITIVES[name].build().nodes.filter((n) => n.type === 'n8n-nodes-base.code').map((n) => String(n.parameters?.jsCode))),
  );
  return shipped;
}

/** True for a body that starts with the marker AND is byte-identical to a shipped primitive body. */
export function isShippedPrimitiveBody(source: string): boolean {
  if (shippedPrimitiveBodies().has(source)) return true;
  // The error handler's body is shipped with a placeholder that render replaces with the env's
  // scopes: put the placeholder back with render's exact inverse, which accepts only what render
  // writes (a JSON array of strings), so nothing else can ride on that line.
  const lines = source.split('\n');
  const at = lines.findIndex((line) => line.startsWith(LOCK_SCOPES_LINE_START));
  if (at < 0) return false;
  const unrendered = unrenderLockScopesLine(lines[at]);
  if (unrendered === undefined) return false;
  lines[at] = unrendered;
  return shippedPrimitiveBodies().has(lines.join('\n'));
}

/** A line that is the marker alone (surrounding blanks allowed). */
export function hasMarker(source: string): boolean {
  // Most bodies never mention the marker: look for it before splitting a body into lines (three
  // rules ask this of every body of every file).
  if (!source.includes(PRIMITIVE_MARKER)) return false;
  return source.split('\n').some((line) => line.trim() === PRIMITIVE_MARKER);
}

export { callsTo, rateLimitCalls } from '../patchers/calls.js';

export function mappedInputs(node: WorkflowNode): Record<string, unknown> {
  const inputs = (node.parameters as { workflowInputs?: { value?: Record<string, unknown> } }).workflowInputs;
  return inputs?.value ?? {};
}
