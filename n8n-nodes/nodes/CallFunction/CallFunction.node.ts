import { NodeConnectionTypes, NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { CALL_CONTEXT_FIELD, functionNameProblem, scopeOf } from 'n8n-lock-protocol/functions';
import { callFunction, recordCall, type CallOutcome, type CallRequest } from '../../lib/caller';
import { recorderFor } from '../../lib/metrics';
import { callContextFor } from '../../lib/n8n-context';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, positiveNumber, redisCredential, toNodeError } from '../../lib/parameters';
import { close, connectOnce, replicaAckOf, type RedisClient } from '../../lib/redis';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

export class CallFunction implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Call Function',
    name: 'callFunction',
    icon: { light: 'file:callFunction.svg', dark: 'file:callFunction.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{ $parameter["functionName"] }}',
    description: 'Calls a function defined by a Function trigger, once per item, and waits for its result',
    defaults: { name: 'Call Function' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    // An AI Agent can call a function as a tool (n8n adds a "Call Function Tool" variant).
    usableAsTool: true,
    credentials: CREDENTIALS,
    properties: [
      AUTHENTICATION_PROPERTY,
      {
        displayName: 'Function Name',
        name: 'functionName',
        type: 'string',
        default: '',
        required: true,
        placeholder: 'e.g. enrichContact',
        description: 'The name given in the Function trigger',
      },
      {
        displayName: 'Scope',
        name: 'scope',
        type: 'options',
        default: 'global',
        options: [
          { name: 'Global', value: 'global', description: 'A function defined with the scope Global' },
          { name: 'This Workflow', value: 'workflow', description: 'A function defined in this workflow with the scope This Workflow Only' },
        ],
      },
      {
        displayName: 'Parameters',
        name: 'parameters',
        type: 'json',
        default: '={{ $json }}',
        description: 'A JSON object the function receives as its item. Default: the incoming item.',
      },
      {
        displayName: 'Timeout (Seconds)',
        name: 'timeout',
        type: 'number',
        typeOptions: { minValue: 0.1 },
        default: 30,
        description: 'How long to wait for the result. The deadline travels with the call: a function that gets it too late answers with an error instead of running.',
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Calls in Parallel',
            name: 'parallelCalls',
            type: 'number',
            typeOptions: { minValue: 1 },
            default: 10,
            description: 'How many items are called at once',
          },
          {
            displayName: 'Max Call Depth',
            name: 'maxDepth',
            type: 'number',
            typeOptions: { minValue: 1 },
            default: 10,
            description: 'Functions calling functions (or themselves) may nest this deep; a deeper call fails at once instead of filling every slot and deadlocking',
          },
          {
            displayName: 'Result Field',
            name: 'resultField',
            type: 'string',
            default: 'functionResult',
            description: 'The field of the item that receives the function\'s result',
          },
        ],
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const node = this.getNode();
    const items = this.getInputData();
    const workflowId = String(this.getWorkflow().id ?? '');
    const caller = `${workflowId}/${this.getExecutionId()}`;

    // Every item's request is checked before anything is written to Redis.
    const requests: Array<CallRequest | Error> = items.map((item, i) => {
      try {
        return buildRequest(this, item, i, workflowId, caller);
      } catch (error) {
        if (!this.continueOnFail()) throw toNodeError(this.getNode(), error);
        return error as Error;
      }
    });
    const resultField = String((this.getNodeParameter('options', 0, {}) as { resultField?: string }).resultField || 'functionResult');
    const parallel = positiveInteger(node, 'Calls in Parallel', (this.getNodeParameter('options', 0, {}) as { parallelCalls?: number }).parallelCalls ?? 10);

    const outcomes: Array<CallOutcome | Error | undefined> = requests.map((r) => (r instanceof Error ? r : undefined));
    const pending = requests.map((r, i) => [r, i] as const).filter((pair): pair is readonly [CallRequest, number] => !(pair[0] instanceof Error));
    if (pending.length) {
      const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 0, 'redis'));
      // One connection per lane: a waiting call blocks its connection (BLPOP). All are closed at the end.
      const lanes: RedisClient[] = [];
      let failed: NodeOperationError | undefined;
      try {
        for (let i = 0; i < Math.min(parallel, pending.length); i++) lanes.push(await connectOnce(credential, `n8n-call-function:${workflowId}`));
        let next = 0;
        const replicaAck = replicaAckOf(credential);
        // Labelled by the Function Name parameter as written.
        const recorder = recorderFor(credential, { kind: 'function_call', workflowId, node: node.name, subject: String(node.parameters.functionName ?? '') }, (message) => this.logger.warn(message));
        await Promise.all(
          lanes.map(async (_, lane) => {
            // A lost connection (a failover) is replaced; the call waiting on it keeps waiting on the new one.
            const reconnect = async () => {
              const replacement = await connectOnce(credential, `n8n-call-function:${workflowId}`);
              void close(lanes[lane]);
              lanes[lane] = replacement;
              return replacement;
            };
            while (next < pending.length && !failed) {
              const [request, index] = pending[next++];
              if (lanes[lane].status === 'end' || lanes[lane].status === 'close') await reconnect();
              const outcome = await callFunction(lanes[lane], request, { reconnect, replicaAck });
              recordCall(lanes[lane], recorder, outcome);
              outcomes[index] = outcome;
              if (!outcome.ok && !this.continueOnFail()) failed ??= new NodeOperationError(node, outcome.message, { itemIndex: index, description: describeKind(outcome.kind) });
            }
          }),
        );
      } catch (error) {
        throw error instanceof NodeOperationError ? error : new NodeOperationError(node, (error as Error).message);
      } finally {
        await Promise.all(lanes.map(close));
      }
      if (failed) throw failed;
    }

    return [
      items.map((item, i) => {
        const outcome = outcomes[i];
        if (outcome instanceof Error) return { json: { ...item.json, error: outcome.message }, pairedItem: { item: i } };
        if (!outcome) return { json: { ...item.json }, pairedItem: { item: i } };
        if (outcome.ok) return { json: { ...item.json, [resultField]: outcome.value as IDataObject }, pairedItem: { item: i } };
        return { json: { ...item.json, error: outcome.message, errorKind: outcome.kind }, pairedItem: { item: i } };
      }),
    ];
  }
}

function buildRequest(ctx: IExecuteFunctions, item: INodeExecutionData, i: number, workflowId: string, caller: string): CallRequest {
  const node = ctx.getNode();
  const functionName = String(ctx.getNodeParameter('functionName', i, '')).trim();
  const problem = functionNameProblem(functionName);
  if (problem) throw new NodeOperationError(node, `Parameter "Function Name" ${problem}`, { itemIndex: i });
  const scope = scopeOf(ctx.getNodeParameter('scope', i, 'global') === 'global', workflowId);
  const params = parseParameters(ctx, ctx.getNodeParameter('parameters', i, '{}'), i);
  const timeoutMs = Math.round(positiveNumber(node, 'Timeout (Seconds)', ctx.getNodeParameter('timeout', i, 30), i) * 1000);
  const maxDepth = positiveInteger(node, 'Max Call Depth', (ctx.getNodeParameter('options', i, {}) as { maxDepth?: number }).maxDepth ?? 10, i);
  const depth = (callContextFor(ctx, item, i)?.depth ?? 0) + 1;
  if (depth > maxDepth) {
    throw new NodeOperationError(node, `Call depth ${depth} exceeds the maximum of ${maxDepth} (parameter "Max Call Depth") calling function "${functionName}"`, {
      itemIndex: i,
      description: 'Functions that call functions (or themselves) nest one level per call. Stop the recursion earlier, or raise Max Call Depth and the Function trigger\'s Calls in Flight together.',
    });
  }
  return { functionName, scope, params, timeoutMs, depth, caller };
}

/** The Parameters field: an object from an expression, or JSON text. The caller's own call context is never passed on. */
function parseParameters(ctx: IExecuteFunctions, raw: unknown, i: number): Record<string, unknown> {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw.trim() === '' ? '{}' : raw);
    } catch (error) {
      throw new NodeOperationError(ctx.getNode(), `Parameter "Parameters" is not valid JSON: ${(error as Error).message}`, { itemIndex: i });
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new NodeOperationError(ctx.getNode(), `Parameter "Parameters" must be a JSON object, got ${Array.isArray(value) ? 'an array' : JSON.stringify(value)}`, { itemIndex: i });
  }
  const { [CALL_CONTEXT_FIELD]: _dropped, ...params } = value as Record<string, unknown>;
  return params;
}

function describeKind(kind: string): string | undefined {
  switch (kind) {
    case 'no-consumer':
      return 'Publish (activate) the workflow with the Function trigger, and check that both use the same Redis credential, database and scope.';
    case 'timeout':
      return 'Raise "Timeout (Seconds)", or check the function\'s executions for what keeps it.';
    case 'function-error':
      return 'The function\'s execution failed; its error is above. Its execution log has the details.';
    case 'not-replicated':
      return 'The master could not reach enough replicas in time; the call was withdrawn. Retry, or lower Replica Acknowledgements in the n8n-lock Redis credential.';
    default:
      return undefined;
  }
}
