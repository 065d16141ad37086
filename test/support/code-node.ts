// Runs an emitted Code-node jsCode string the way n8n's Code node does (runOnceForAllItems): the
// body is the inside of an async function that sees $input, $, $execution, $workflow.
import vm from 'node:vm';

export interface Item {
  json: Record<string, any>;
}

export interface CodeNodeContext {
  input: Item[];
  /** Outputs of earlier nodes, by node name, for `$('Name')`. */
  nodes?: Record<string, Item[]>;
  executionId?: string;
  workflow?: { id?: string; name?: string };
}

/** `$('Name')` over earlier nodes' outputs (a record, or a map of the latest run's items). */
export function nodeAccessor(nodes: Record<string, Item[]> | Map<string, Item[]>) {
  return (name: string) => {
    const items = nodes instanceof Map ? nodes.get(name) : nodes[name];
    return {
      get isExecuted() {
        return items !== undefined;
      },
      first: () => {
        if (!items) throw new Error(`Referenced node is unexecuted: ${name}`);
        return items[0];
      },
      all: () => {
        if (!items) throw new Error(`Referenced node is unexecuted: ${name}`);
        return items;
      },
    };
  };
}

export function inputAccessor(items: Item[]) {
  return { first: () => items[0], all: () => items, last: () => items[items.length - 1] };
}

export async function runCodeNode(jsCode: string, context: CodeNodeContext): Promise<Item[]> {
  const sandbox = {
    $input: inputAccessor(context.input),
    $: nodeAccessor(context.nodes ?? {}),
    $execution: { id: context.executionId ?? 'sub-1' },
    $workflow: context.workflow ?? { id: 'wf', name: 'wf' },
  };
  // The host's Date, so tests that freeze time see it inside the body too.
  Object.assign(sandbox, { Date: globalThis.Date });
  const script = new vm.Script(`(async () => {\n${jsCode}\n})()`);
  return (await script.runInNewContext(sandbox)) as Item[];
}

/** Context object for calling a body function directly, as the emitted call does. */
export function directContext(context: CodeNodeContext) {
  return {
    $input: inputAccessor(context.input),
    $: nodeAccessor(context.nodes ?? {}),
    $execution: { id: context.executionId ?? 'sub-1' },
    $workflow: context.workflow ?? { id: 'wf', name: 'wf' },
  };
}
