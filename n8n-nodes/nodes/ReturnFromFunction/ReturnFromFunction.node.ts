import { NodeConnectionTypes, NodeOperationError, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { CALL_CONTEXT_FIELD, type CallContext } from 'n8n-lock-protocol/functions';
import { answerEntry, errorAnswer, valueAnswer } from '../../lib/answer';
import { callContextFor } from '../../lib/n8n-context';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, redisCredential } from '../../lib/parameters';
import { close, connectBefore } from '../../lib/redis';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

/** How long Return From Function keeps trying to reach Redis (a Sentinel failover takes a few seconds). */
const RECONNECT_WITHIN_MS = 15_000;

export class ReturnFromFunction implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Return From Function',
    name: 'returnFromFunction',
    icon: { light: 'file:returnFromFunction.svg', dark: 'file:returnFromFunction.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{ $parameter["respondWith"] }}',
    description: 'Answers the call that started this function execution, with a value or an error',
    defaults: { name: 'Return From Function' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: CREDENTIALS,
    properties: [
      AUTHENTICATION_PROPERTY,
      {
        displayName: 'Respond With',
        name: 'respondWith',
        type: 'options',
        default: 'item',
        options: [
          { name: 'Error', value: 'error', description: 'The caller fails with this message (or gets it as an error item)' },
          { name: 'Incoming Item', value: 'item', description: 'The item\'s JSON (several items for one call: an array of them)' },
          { name: 'JSON', value: 'json', description: 'A value you build with an expression' },
        ],
      },
      {
        displayName: 'Response Value',
        name: 'value',
        type: 'json',
        default: '={{ $json }}',
        displayOptions: { show: { respondWith: ['json'] } },
        description: 'Any JSON value: object, array, text, number',
      },
      {
        displayName: 'Error Message',
        name: 'errorMessage',
        type: 'string',
        default: '',
        required: true,
        displayOptions: { show: { respondWith: ['error'] } },
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const node = this.getNode();
    const items = this.getInputData();
    const respondWith = String(this.getNodeParameter('respondWith', 0, 'item'));

    // Group the items by the call they answer: one execution serves one call, but a function may fan out.
    const calls = new Map<string, { context: CallContext; values: unknown[]; error?: string }>();
    items.forEach((item, i) => {
      const context = callContextFor(this, item, i);
      if (!context) {
        throw new NodeOperationError(node, `Item ${i} carries no function call to answer`, {
          itemIndex: i,
          description: `Return From Function answers the call that started the execution: it must run in a workflow that starts with a Function trigger (the call travels in the item's "${CALL_CONTEXT_FIELD}" field and in the trigger's output).`,
        });
      }
      const entry = calls.get(context.callId) ?? { context, values: [] };
      if (respondWith === 'error') entry.error ??= String(this.getNodeParameter('errorMessage', i, '')) || 'the function returned an error';
      else entry.values.push(respondWith === 'json' ? parseValue(this, this.getNodeParameter('value', i, null), i) : withoutContext(item.json));
      calls.set(context.callId, entry);
    });

    const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 0, 'redis'));
    let redis;
    try {
      // Through a failover (seconds) the answer can still arrive before the callers' deadlines.
      const latestDeadline = Math.max(...[...calls.values()].map(({ context }) => context.deadline));
      redis = await connectBefore(credential, 'n8n-return-from-function', Math.min(latestDeadline, Date.now() + RECONNECT_WITHIN_MS));
      for (const { context, values, error } of calls.values()) {
        const answer = error !== undefined ? errorAnswer(context.callId, 'function-error', error) : valueAnswer(context.callId, values.length === 1 ? values[0] : values);
        const answered = await answerEntry(redis, { stream: context.stream, group: context.group, messageId: context.messageId, callId: context.callId, deadline: context.deadline }, answer);
        if (!answered) this.logger.info(`Return From Function: call ${context.callId} of "${context.functionName}" was answered already (it expired, or another branch returned first)`);
      }
    } catch (error) {
      throw new NodeOperationError(node, (error as Error).message);
    } finally {
      await close(redis);
    }
    return [items];
  }
}

function withoutContext(json: Record<string, unknown>): Record<string, unknown> {
  const { [CALL_CONTEXT_FIELD]: _context, ...rest } = json;
  return rest;
}

function parseValue(ctx: IExecuteFunctions, raw: unknown, i: number): unknown {
  if (typeof raw !== 'string') return raw && typeof raw === 'object' ? withoutContext(raw as Record<string, unknown>) : raw;
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new NodeOperationError(ctx.getNode(), `Parameter "Response Value" is not valid JSON: ${(error as Error).message}`, { itemIndex: i });
  }
}
