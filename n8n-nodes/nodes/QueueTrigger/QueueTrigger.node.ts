import { NodeConnectionTypes, NodeOperationError, type IDataObject, type ITriggerFunctions, type ITriggerResponse, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { consumerIdOf } from 'n8n-lock-protocol/functions';
import { DEFAULTS, queueNameProblem } from 'n8n-lock-protocol/queues';
import { doneLostMessage, emitAndWait } from '../../lib/execution-outcome';
import { QueueConsumer } from '../../lib/queue-consumer';
import { runTriggerEngine } from '../../lib/trigger-engine';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, positiveNumber, redisCredential } from '../../lib/parameters';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

interface TriggerOptions {
  leaseSeconds?: number;
  rateLimitJobs?: number;
  rateLimitSeconds?: number;
}

export class QueueTrigger implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Queue Trigger',
    name: 'queueTrigger',
    icon: { light: 'file:queueTrigger.svg', dark: 'file:queueTrigger.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: '={{ $parameter["queue"] }}',
    description: 'Starts one execution per job of a durable queue (see Enqueue): one concurrency limit across every n8n process, a lease per job, retries with backoff, and a dead-letter set',
    eventTriggerDescription: 'Waiting for jobs of this queue',
    defaults: { name: 'Queue Trigger' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
    credentials: CREDENTIALS,
    properties: [
      AUTHENTICATION_PROPERTY,
      {
        displayName: 'Queue Name',
        name: 'queue',
        type: 'string',
        default: '',
        required: true,
        placeholder: 'e.g. invoices',
        description: 'The queue Enqueue nodes add jobs to. Letters, digits, "_", "-" and "." only.',
      },
      {
        displayName: 'Concurrency',
        name: 'concurrency',
        type: 'number',
        typeOptions: { minValue: 1, numberPrecision: 0 },
        default: 1,
        description: 'Jobs of this queue that run at once across the whole n8n instance (main, webhook processes and every worker together). With 1, jobs run one at a time in the order they were added.',
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Lease (Seconds)',
            name: 'leaseSeconds',
            type: 'number',
            typeOptions: { minValue: 1 },
            default: 30,
            description: 'A running job\'s lease, renewed while its execution runs. When its process dies, the job runs again once the lease lapses, and that counts as an attempt.',
          },
          {
            displayName: 'Rate Limit: Max Jobs',
            name: 'rateLimitJobs',
            type: 'number',
            typeOptions: { minValue: 0, numberPrecision: 0 },
            default: 0,
            description: 'At most this many jobs start per Rate Limit Window, across every process (the Rate Limit node\'s exact sliding log). 0: no rate limit.',
          },
          {
            displayName: 'Rate Limit: Window (Seconds)',
            name: 'rateLimitSeconds',
            type: 'number',
            typeOptions: { minValue: 0.001 },
            default: 1,
            description: 'The window of Rate Limit: Max Jobs',
          },
        ],
      },
    ],
  };

  async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
    const node = this.getNode();
    const queue = String(this.getNodeParameter('queue', '')).trim();
    const problem = queueNameProblem(queue);
    if (problem) throw new NodeOperationError(node, `Parameter "Queue Name" ${problem}`, { description: 'The name becomes part of Redis key names, which separate parts with ":".' });
    const concurrency = positiveInteger(node, 'Concurrency', this.getNodeParameter('concurrency', 1));
    const options = this.getNodeParameter('options', {}) as TriggerOptions;
    const leaseMs = positiveNumber(node, 'Lease (Seconds)', options.leaseSeconds ?? DEFAULTS.leaseMs / 1000) * 1000;
    const maxJobs = Number(options.rateLimitJobs ?? 0);
    if (!Number.isInteger(maxJobs) || maxJobs < 0) throw new NodeOperationError(node, `Parameter "Rate Limit: Max Jobs" must be a whole number of 0 or more, got ${JSON.stringify(options.rateLimitJobs)}`);
    const rateLimit = maxJobs > 0 ? { maxJobs, windowSeconds: positiveNumber(node, 'Rate Limit: Window (Seconds)', options.rateLimitSeconds ?? 1) } : undefined;
    const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 'redis'));

    // The editor's "listen for a test event" must not share the published trigger's consumer id.
    const manual = this.getMode() === 'manual';
    const consumerId = consumerIdOf(this.getInstanceId(), String(this.getWorkflow().id ?? ''), manual ? `${node.id}-manual` : node.id);
    return runTriggerEngine(
      node,
      credential,
      { commands: `n8n-queue:${queue}`, blocking: `n8n-queue-waker:${queue}` },
      (redis, waker) =>
        new QueueConsumer(redis, waker, { queue, consumerId, concurrency, leaseMs, rateLimit }, {
          run: (json) => emitAndWait(this, [[{ json: json as IDataObject }]], { onDoneLost: (outcome) => this.logger.warn(doneLostMessage(outcome)) }),
          log: (level, message) => this.logger[level](message),
        }),
      `Cannot consume queue "${queue}"`,
    );
  }
}
