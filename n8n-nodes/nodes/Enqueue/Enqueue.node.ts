import { NodeConnectionTypes, NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { BACKOFF_TYPES, DEFAULTS, jobIdProblem, queueNameProblem, type BackoffType, type JobOptions } from 'n8n-lock-protocol/queues';
import { LOCK_NODE_CONNECTION_NAME } from 'n8n-lock-protocol/native-lock';
import { enqueueJobs, ReplicaAckError, type EnqueuedJob } from '../../lib/enqueue';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, redisCredential, toNodeError } from '../../lib/parameters';
import { poolFor } from '../../lib/pool';
import { replicaAckOf } from '../../lib/redis';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

const fromExpression = { displayOptions: { show: { jobSource: ['expression'] } } };

interface EnqueueOptions {
  delaySeconds?: number;
  attempts?: number;
  backoff?: string;
  backoffSeconds?: number;
  jitter?: number;
  retentionHours?: number;
  resultField?: string;
}

export class Enqueue implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Enqueue',
    name: 'enqueue',
    icon: { light: 'file:enqueue.svg', dark: 'file:enqueue.dark.svg' },
    group: ['transform'],
    version: 1,
    usableAsTool: true,
    subtitle: '={{ $parameter["queue"] }}',
    description: 'Adds one job per item to a durable queue in Redis, for a Queue Trigger to run with retries, backoff and one concurrency limit across workers',
    defaults: { name: 'Enqueue' },
    inputs: [NodeConnectionTypes.Main],
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
        description: 'The queue the Queue Trigger of the same name takes the jobs from. Letters, digits, "_", "-" and "." only.',
      },
      {
        displayName: 'Job',
        name: 'jobSource',
        type: 'options',
        noDataExpression: true,
        default: 'item',
        options: [
          { name: 'Expression', value: 'expression', description: 'Each item gives one job, from Job Data' },
          { name: "Item's JSON", value: 'item', description: 'Each item becomes one job, as it is' },
        ],
      },
      {
        displayName: 'Job Data',
        name: 'jobData',
        type: 'json',
        default: '{}',
        ...fromExpression,
        description: 'The job of this item, any JSON value; usually an expression such as {{ $JSON.order }}',
      },
      {
        displayName: 'Job ID',
        name: 'jobId',
        type: 'string',
        default: '',
        placeholder: 'e.g. order-{{ $JSON.ID }}',
        description: 'Optional. A job whose ID is already in the queue (waiting, running, dead, or completed within the retention) is not added again: the existing job is returned. Leave empty for a new numbered job.',
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        // Literal defaults (the n8n lint wants them): the same as DEFAULTS in n8n-lock-protocol/queues,
        // which a test checks.
        options: [
          { displayName: 'Attempts', name: 'attempts', type: 'number', typeOptions: { minValue: 1, numberPrecision: 0 }, default: 3, description: 'How many times the job may run, the first time included, before it goes to the dead-letter set' },
          {
            displayName: 'Backoff',
            name: 'backoff',
            type: 'options',
            default: 'exponential',
            options: [
              { name: 'Exponential', value: 'exponential', description: 'Backoff Delay, then twice that, then four times, and so on' },
              { name: 'Fixed', value: 'fixed', description: 'Backoff Delay between every two attempts' },
            ],
            description: 'How long a failed job waits before its next attempt',
          },
          { displayName: 'Backoff Delay (Seconds)', name: 'backoffSeconds', type: 'number', typeOptions: { minValue: 0 }, default: 1, description: 'The wait after the first failed attempt' },
          { displayName: 'Delay (Seconds)', name: 'delaySeconds', type: 'number', typeOptions: { minValue: 0 }, default: 0, description: 'The job becomes ready this long after it is added' },
          { displayName: 'Jitter', name: 'jitter', type: 'number', typeOptions: { minValue: 0, maxValue: 1 }, default: 0.5, description: 'Each backoff is shortened by up to this share of itself, at random (0: exact; 0.5: between half and all of it), so failed jobs do not all come back at once' },
          { displayName: 'Result Field', name: 'resultField', type: 'string', default: 'job', description: 'The field of every item that gets the job: queue, ID, created (false when the ID was known) and state' },
          { displayName: 'Retention (Hours)', name: 'retentionHours', type: 'number', typeOptions: { minValue: 0.001 }, default: 24, description: 'How long a completed job\'s ID keeps deduplicating; also the longest Delay' },
        ],
      },
    ],
  };

  async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
    const node = this.getNode();
    const items = this.getInputData();
    // Every item is checked before anything is written: bad input adds no job at all.
    const byQueue = new Map<string, Array<{ index: number; job: JobOptions }>>();
    for (let i = 0; i < items.length; i++) {
      const fail = (message: string) => new NodeOperationError(node, `${message} (item ${i})`, { itemIndex: i });
      const queue = String(this.getNodeParameter('queue', i, '') ?? '').trim();
      const nameProblem = queueNameProblem(queue);
      if (nameProblem) throw fail(`Parameter "Queue Name" ${nameProblem}`);
      const data = this.getNodeParameter('jobSource', i, 'item') === 'expression' ? jobDataOf(this.getNodeParameter('jobData', i, '{}'), (message) => fail(`Parameter "Job Data" ${message}`)) : items[i].json;
      const payload = serialise(data, (message) => fail(`The job ${message}`));
      const jobId = String(this.getNodeParameter('jobId', i, '') ?? '').trim();
      const idProblem = jobId === '' ? undefined : jobIdProblem(jobId);
      if (idProblem) throw fail(`Parameter "Job ID" ${idProblem}`);
      const options = this.getNodeParameter('options', i, {}) as EnqueueOptions;
      const attempts = positiveInteger(node, 'Attempts', options.attempts ?? DEFAULTS.attempts, i);
      const backoff = String(options.backoff ?? DEFAULTS.backoff) as BackoffType;
      if (!BACKOFF_TYPES.includes(backoff)) throw fail(`Parameter "Backoff" must be one of ${BACKOFF_TYPES.join(', ')}, got ${JSON.stringify(backoff)}`);
      const backoffSeconds = Number(options.backoffSeconds ?? DEFAULTS.backoffMs / 1000);
      if (!Number.isFinite(backoffSeconds) || backoffSeconds < 0) throw fail(`Parameter "Backoff Delay (Seconds)" must be 0 or more, got ${JSON.stringify(options.backoffSeconds)}`);
      const jitter = Number(options.jitter ?? DEFAULTS.jitter);
      if (!Number.isFinite(jitter) || jitter < 0 || jitter > 1) throw fail(`Parameter "Jitter" must be between 0 and 1, got ${JSON.stringify(options.jitter)}`);
      const retentionHours = Number(options.retentionHours ?? DEFAULTS.retentionMs / 3_600_000);
      if (!Number.isFinite(retentionHours) || retentionHours <= 0) throw fail(`Parameter "Retention (Hours)" must be above 0, got ${JSON.stringify(options.retentionHours)}`);
      const delaySeconds = Number(options.delaySeconds ?? 0);
      if (!Number.isFinite(delaySeconds) || delaySeconds < 0) throw fail(`Parameter "Delay (Seconds)" must be 0 or more, got ${JSON.stringify(options.delaySeconds)}`);
      if (delaySeconds > retentionHours * 3_600) throw fail(`Parameter "Delay (Seconds)" is ${delaySeconds}, beyond the Retention of ${retentionHours} hours: raise Retention (Hours) or shorten the delay`);
      const job: JobOptions = { jobId, payload, delayMs: delaySeconds * 1000, attempts, backoff, backoffMs: backoffSeconds * 1000, jitter, retentionMs: retentionHours * 3_600_000 };
      byQueue.set(queue, [...(byQueue.get(queue) ?? []), { index: i, job }]);
    }

    const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 0, 'redis'));
    const redis = await poolFor(credential, LOCK_NODE_CONNECTION_NAME).command();
    const results = new Map<number, IDataObject>();
    for (const [queue, jobs] of byQueue) {
      let added: EnqueuedJob[];
      try {
        added = await enqueueJobs(redis, queue, jobs.map((j) => j.job), replicaAckOf(credential));
      } catch (error) {
        if (error instanceof ReplicaAckError) throw new NodeOperationError(node, `Queue "${queue}", jobs ${error.jobs.map((j) => j.id).join(', ')}: ${error.message}`);
        throw toNodeError(node, error, `Redis (queue "${queue}"): `);
      }
      added.forEach((result, k) => results.set(jobs[k].index, { queue, id: result.id, created: result.created, state: result.state }));
    }
    const resultField = String((this.getNodeParameter('options', 0, {}) as EnqueueOptions).resultField || 'job');
    return [items.map((item, i) => ({ json: { ...item.json, [resultField]: results.get(i) ?? null }, pairedItem: { item: i } }))];
  }
}

/** Job Data as a value: an expression's value as it is, text parsed as JSON. */
function jobDataOf(value: unknown, fail: (message: string) => Error): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw fail(`is not valid JSON: ${(error as Error).message}`);
  }
}

/** The job's JSON text, or an error saying why it has none (undefined, a function, a BigInt, a cycle). */
function serialise(data: unknown, fail: (message: string) => Error): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (error) {
    throw fail(`cannot be written as JSON: ${(error as Error).message}`);
  }
  if (text === undefined) throw fail(`cannot be written as JSON: it is ${typeof data}`);
  return text;
}
