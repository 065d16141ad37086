import { NodeConnectionTypes, NodeOperationError, type IDataObject, type IRun, type ITriggerFunctions, type ITriggerResponse, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { consumerIdOf, functionNameProblem, scopeOf } from 'n8n-lock-protocol/functions';
import { FunctionConsumer, type RunOutcome } from '../../lib/consumer';
import { close, connectResilient, replicaAckOf, type RedisCredential } from '../../lib/redis';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, redisCredential } from '../../lib/parameters';

export class Function implements INodeType {
  methods = CREDENTIAL_TEST_METHODS;

  description: INodeTypeDescription = {
    displayName: 'Function',
    name: 'function',
    icon: { light: 'file:function.svg', dark: 'file:function.dark.svg' },
    group: ['trigger'],
    version: 1,
    subtitle: '={{ $parameter["functionName"] }}',
    description: 'Defines a function that other workflows call by name with Call Function (over Redis Streams)',
    eventTriggerDescription: 'Waiting for calls of this function',
    defaults: { name: 'Function' },
    inputs: [],
    outputs: [NodeConnectionTypes.Main],
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
        description: 'The name callers use. Letters, digits, "_", "-" and "." only.',
      },
      {
        displayName: 'Scope',
        name: 'scope',
        type: 'options',
        default: 'global',
        options: [
          { name: 'Global', value: 'global', description: 'Any workflow that shares the Redis may call it' },
          { name: 'This Workflow Only', value: 'workflow', description: 'Only Call Function nodes in this workflow may call it' },
        ],
      },
      {
        displayName: 'Parameters',
        name: 'parameters',
        type: 'fixedCollection',
        typeOptions: { multipleValues: true },
        default: {},
        placeholder: 'Add Parameter',
        description: 'Parameters every call must send. A call without one is answered with an error and not run.',
        options: [
          {
            name: 'parameter',
            displayName: 'Parameter',
            values: [{ displayName: 'Name', name: 'name', type: 'string', default: '', description: 'Name of a field the call must carry' }],
          },
        ],
      },
      {
        displayName: 'Options',
        name: 'options',
        type: 'collection',
        placeholder: 'Add Option',
        default: {},
        options: [
          {
            displayName: 'Calls in Flight',
            name: 'callsInFlight',
            type: 'number',
            typeOptions: { minValue: 1 },
            default: 10,
            description: 'How many calls this trigger runs at once; it reads no more from the stream. A recursive function needs more than its deepest recursion.',
          },
          {
            displayName: 'Max Deliveries',
            name: 'maxDeliveries',
            type: 'number',
            typeOptions: { minValue: 1 },
            default: 3,
            description: 'A call delivered more often than this (its executions crashed) goes to the dead-letter stream and its caller gets an error',
          },
        ],
      },
    ],
  };

  async trigger(this: ITriggerFunctions): Promise<ITriggerResponse> {
    const node = this.getNode();
    const functionName = String(this.getNodeParameter('functionName', '')).trim();
    const problem = functionNameProblem(functionName);
    if (problem) throw new NodeOperationError(node, `Parameter "Function Name" ${problem}`, { description: 'The name becomes part of Redis key names, which separate parts with ":".' });
    const scope = scopeOf(this.getNodeParameter('scope', 'global') === 'global', String(this.getWorkflow().id ?? ''));
    const declared = ((this.getNodeParameter('parameters', {}) as { parameter?: Array<{ name?: string }> }).parameter ?? []).map((p) => String(p.name ?? '').trim()).filter(Boolean);
    const options = this.getNodeParameter('options', {}) as { callsInFlight?: number; maxDeliveries?: number };
    const callsInFlight = positiveInteger(node, 'Calls in Flight', options.callsInFlight ?? 10);
    const maxDeliveries = positiveInteger(node, 'Max Deliveries', options.maxDeliveries ?? 3);
    const credential = await redisCredential(this, node, this.getNodeParameter('authentication', 'redis'));

    const workflowId = String(this.getWorkflow().id ?? '');
    // The editor's "listen for a test event" must not share the published trigger's consumer id.
    const manual = this.getMode() === 'manual';
    const consumerId = consumerIdOf(this.getInstanceId(), workflowId, manual ? `${node.id}-manual` : node.id);
    const connections: Awaited<ReturnType<typeof connectResilient>>[] = [];
    try {
      connections.push(await connectResilient(credential as RedisCredential, `n8n-function:${functionName}`));
      connections.push(await connectResilient(credential as RedisCredential, `n8n-function-reader:${functionName}`));
    } catch (error) {
      await Promise.all(connections.map(close));
      throw new NodeOperationError(node, (error as Error).message);
    }
    const [redis, reader] = connections;
    const consumer = new FunctionConsumer(
      redis,
      reader,
      { functionName, scope, workflowId, nodeId: node.id, consumerId, parameters: declared, callsInFlight, maxDeliveries, replicaAck: replicaAckOf(credential) },
      {
        run: (json) => {
          const done = deferredRun();
          // The call's parameters, validated against the declared ones: JSON values only.
          this.emit([[{ json: json as IDataObject }]], undefined, done);
          return done.promise.then(outcomeOf, (error: Error): RunOutcome => ({ status: 'error', message: error.message }));
        },
        log: (level, message) => this.logger[level](message),
      },
    );
    try {
      await consumer.start();
    } catch (error) {
      await Promise.all(connections.map(close));
      throw new NodeOperationError(node, `Cannot register function "${functionName}": ${(error as Error).message}`);
    }
    return {
      closeFunction: async () => {
        await consumer.stop();
        await Promise.all(connections.map(close));
      },
    };
  }
}

/**
 * The deferred promise `emit` takes to report the end of the run. Its type lives in @n8n/utils,
 * which n8n-workflow uses but does not export: taken from emit's own signature.
 */
type RunDone = NonNullable<Parameters<ITriggerFunctions['emit']>[2]>;

function deferredRun(): RunDone {
  let resolve!: (value: IRun | PromiseLike<IRun>) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<IRun>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** n8n's end-of-run report to what the consumer answers: the error's message reaches the caller. */
function outcomeOf(run: IRun | undefined): RunOutcome {
  if (!run) return { status: 'error', message: 'the function execution ended without a result' };
  if (run.status === 'success') return { status: 'success' };
  if (run.status === 'waiting') return { status: 'waiting' };
  // The message alone: a nested call's error travels up through every level unchanged.
  const error = run.data?.resultData?.error;
  return { status: 'error', message: error?.message || `the function execution ended with status ${run.status}` };
}
