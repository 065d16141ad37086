import { NodeConnectionTypes, NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { RATE_LIMIT_ALGORITHMS, type RateLimitAlgorithm } from 'n8n-lock-protocol/rate-limit';
import { LOCK_NODE_CONNECTION_NAME } from 'n8n-lock-protocol/native-lock';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, positiveNumber, redisCredential, toNodeError } from '../../lib/parameters';
import { poolFor } from '../../lib/pool';
import { takeRateLimitSlot } from '../../lib/rate-limit';
import { recorderFor } from '../../lib/metrics';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

const windowed = { displayOptions: { show: { algorithm: ['sliding-log', 'fixed'] } } };
const bucket = { displayOptions: { show: { algorithm: ['token-bucket'] } } };

type OnDenied = 'pass' | 'stop' | 'wait';

export class RateLimit implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Rate Limit',
    name: 'rateLimit',
    icon: { light: 'file:rateLimit.svg', dark: 'file:rateLimit.dark.svg' },
    group: ['transform'],
    version: 1,
    subtitle: '={{ $parameter["algorithm"] + ": " + $parameter["scope"] }}',
    description: 'Let at most so many calls per window through, across executions and workers: exact (sliding log), token bucket or fixed window, on the Redis server clock; denied calls pass flagged, stop, or wait for their slot in arrival order',
    defaults: { name: 'Rate Limit' },
    inputs: [NodeConnectionTypes.Main],
    outputs: [NodeConnectionTypes.Main],
    credentials: CREDENTIALS,
    properties: [
      AUTHENTICATION_PROPERTY,
      {
        displayName: 'Scope',
        name: 'scope',
        type: 'string',
        default: '',
        required: true,
        placeholder: 'e.g. openai-api',
        description: 'What the limit counts: every call with the same scope, in any workflow, execution or worker, shares one limit. Each item is one call; the items of a batch pass together, so they take their slots together.',
      },
      {
        displayName: 'Algorithm',
        name: 'algorithm',
        type: 'options',
        noDataExpression: true,
        default: 'sliding-log',
        options: [
          { name: 'Fixed Window', value: 'fixed', description: 'At most Max Calls calls per clock window (up to twice Max Calls across a window edge)' },
          { name: 'Sliding Log (Exact)', value: 'sliding-log', description: 'At most Max Calls calls in ANY interval of Window length' },
          { name: 'Token Bucket', value: 'token-bucket', description: 'Bursts up to Burst calls, then Rate calls per second: how most API quotas work' },
        ],
      },
      { displayName: 'Max Calls', name: 'maxCalls', type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 10, ...windowed, description: 'Calls allowed per window' },
      { displayName: 'Window (Seconds)', name: 'windowSeconds', type: 'number', typeOptions: { minValue: 0.001 }, default: 60, ...windowed, description: 'The length of the window' },
      { displayName: 'Rate (Per Second)', name: 'ratePerSecond', type: 'number', typeOptions: { minValue: 0.000001 }, default: 1, ...bucket, description: 'Tokens added to the bucket per second (10 per minute: 0.1667)' },
      { displayName: 'Burst', name: 'burst', type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 10, ...bucket, description: 'The bucket size: the most calls let through at once after a quiet spell' },
      {
        displayName: 'On Denied',
        name: 'onDenied',
        type: 'options',
        default: 'wait',
        options: [
          { name: 'Pass Through Flagged', value: 'pass', description: 'Let the items through with allowed: false and retry_after_ms, for an IF node to route' },
          { name: 'Stop With Error', value: 'stop', description: 'Fail the node, naming when to retry' },
          { name: 'Wait for a Slot', value: 'wait', description: 'Hold the items until their slot comes (in arrival order), up to Max Wait' },
        ],
      },
      {
        displayName: 'Max Wait (Seconds)',
        name: 'maxWaitSeconds',
        type: 'number',
        typeOptions: { minValue: 0 },
        default: 300,
        displayOptions: { show: { onDenied: ['wait'] } },
        description: 'A call whose slot is further away than this is denied at once (with an error), and takes no slot',
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Result Field',
            name: 'resultField',
            type: 'string',
            default: 'rate_limit',
            description: 'The field of every item that gets the outcome: allowed, waited_ms, retry_after_ms',
          },
        ],
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const node = this.getNode();
    const items = this.getInputData();
    // Every parameter per item; items of one scope form one call, so a parameter of the limit
    // itself must agree within a scope (two limits for one scope at once would be no limit).
    const calls = new Map<string, { items: number[]; settings: string; read: (name: string) => unknown }>();
    for (let i = 0; i < items.length; i++) {
      const scope = String(this.getNodeParameter('scope', i, '') ?? '').trim();
      if (scope === '') throw new NodeOperationError(node, `Parameter "Scope" is empty for item ${i}: the rate limit needs a scope`, { itemIndex: i });
      // null: n8n throws for a parameter its display options hide unless given a fallback.
      const read = (name: string) => this.getNodeParameter(name, i, null);
      const settings = JSON.stringify(['algorithm', 'maxCalls', 'windowSeconds', 'ratePerSecond', 'burst', 'onDenied', 'maxWaitSeconds'].map((name) => read(name)));
      const call = calls.get(scope);
      if (call && call.settings !== settings) throw new NodeOperationError(node, `Items ${call.items[0]} and ${i} both name scope "${scope}" with different limit parameters: one scope has one limit`, { itemIndex: i });
      if (call) call.items.push(i);
      else calls.set(scope, { items: [i], settings, read });
    }
    const resultField = String((this.getNodeParameter('options', 0, {}) as { resultField?: string }).resultField || 'rate_limit');
    const onDenied = String(this.getNodeParameter('onDenied', 0, 'wait')) as OnDenied;
    if (onDenied === 'wait' && calls.size > 1) throw new NodeOperationError(node, `Parameter "Scope" names ${calls.size} scopes in one batch, and On Denied is Wait for a Slot: the batch passes at one moment, so it can wait for one scope's slot only. Give the batch one scope, or run the section once per item (Loop Over Items, batch size 1)`);

    // Every call's parameters are checked before the first slot is taken: bad input writes nothing.
    const requests = [...calls].map(([scope, call]) => {
      const algorithm = String(call.read('algorithm')) as RateLimitAlgorithm;
      if (!RATE_LIMIT_ALGORITHMS.includes(algorithm)) throw new NodeOperationError(node, `Parameter "Algorithm" must be one of ${RATE_LIMIT_ALGORITHMS.join(', ')}, got ${JSON.stringify(algorithm)}`);
      const bucketed = algorithm === 'token-bucket';
      const limit = bucketed ? positiveInteger(node, 'Burst', call.read('burst')) : positiveInteger(node, 'Max Calls', call.read('maxCalls'));
      const windowSeconds = bucketed ? 0 : positiveNumber(node, 'Window (Seconds)', call.read('windowSeconds'));
      const ratePerSecond = bucketed ? positiveNumber(node, 'Rate (Per Second)', call.read('ratePerSecond')) : undefined;
      const maxWait = onDenied === 'wait' ? Number(call.read('maxWaitSeconds')) : 0;
      if (!Number.isFinite(maxWait) || maxWait < 0) throw new NodeOperationError(node, `Parameter "Max Wait (Seconds)" must be 0 or more, got ${JSON.stringify(call.read('maxWaitSeconds'))}`);
      const cost = call.items.length;
      if (cost > limit) throw new NodeOperationError(node, `Parameter "${bucketed ? 'Burst' : 'Max Calls'}" is ${limit}, and ${cost} items of scope "${scope}" arrive in one batch, which passes at one moment: it could never pass. Split the batch (Loop Over Items) or raise the limit`);
      return { items: call.items, request: { algorithm, scope, limit, windowSeconds, ratePerSecond, maxWaitSeconds: maxWait, callId: `${this.getExecutionId()}:${scope}:${Date.now()}:${Math.random().toString(36).slice(2)}`, cost } };
    });

    const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 0, 'redis'));
    const redis = await poolFor(credential, LOCK_NODE_CONNECTION_NAME).command();
    // Labelled by the Scope parameter as written, not per evaluated scope (one series per node).
    const recorder = recorderFor(credential, { kind: 'rate_limit', workflowId: String(this.getWorkflow().id ?? ''), node: node.name, subject: String(node.parameters.scope ?? '') }, (message) => this.logger.warn(message));
    const outcomes = new Map<number, IDataObject>();
    for (const { items: callItems, request } of requests) {
      let outcome;
      try {
        outcome = await takeRateLimitSlot(redis, request, { recorder });
      } catch (error) {
        throw toNodeError(node, error, 'Redis: ');
      }
      if (!outcome.allowed && onDenied !== 'pass') {
        const reason = onDenied === 'wait' ? `its slot is ${outcome.retry_after_ms} ms away, beyond Max Wait (${request.maxWaitSeconds} s)` : `retry in ${outcome.retry_after_ms} ms`;
        throw new NodeOperationError(node, `Rate limit on scope '${request.scope}' reached (${request.algorithm}): ${reason}`);
      }
      for (const i of callItems) outcomes.set(i, { ...outcome, scope: request.scope, algorithm: request.algorithm, limit: request.limit });
    }
    return [items.map((item, i) => ({ ...item, json: { ...item.json, [resultField]: outcomes.get(i) ?? null }, pairedItem: { item: i } }))];
  }
}
