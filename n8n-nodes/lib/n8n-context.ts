// What Call Function and Return From Function need from the execution they run in: the call context
// of the function execution, read from the item (seed point 1) or, when a node on the way dropped
// the field, from the Function trigger's own item (one execution serves exactly one call).
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { callContextOf, FUNCTION_NODE_TYPES, type CallContext } from 'n8n-lock-protocol/functions';

export function callContextFor(ctx: IExecuteFunctions, item: INodeExecutionData, itemIndex: number): CallContext | undefined {
  const own = callContextOf(item.json);
  if (own) return own;
  const trigger = ctx.getParentNodes(ctx.getNode().name).find((node) => node.type === FUNCTION_NODE_TYPES.function);
  if (!trigger) return undefined;
  try {
    const proxy = ctx.getWorkflowDataProxy(itemIndex) as { $: (name: string) => { first(): INodeExecutionData | undefined } };
    return callContextOf(proxy.$(trigger.name).first()?.json);
  } catch {
    return undefined;
  }
}
