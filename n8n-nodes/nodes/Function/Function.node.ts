import { NodeConnectionTypes, NodeOperationError, type IDataObject, type ITriggerFunctions, type ITriggerResponse, type INodeType, type INodeTypeDescription } from 'n8n-workflow';
import { consumerIdOf, functionNameProblem, scopeOf } from 'n8n-lock-protocol/functions';
import { FunctionConsumer } from '../../lib/consumer';
import { doneLostMessage, emitAndWait } from '../../lib/execution-outcome';
import { recorderFor } from '../../lib/metrics';
import { replicaAckOf } from '../../lib/redis';
import { runTriggerEngine } from '../../lib/trigger-engine';
import { AUTHENTICATION_PROPERTY, CREDENTIAL_TEST_METHODS, CREDENTIALS, positiveInteger, redisCredential } from '../../lib/parameters';
import { assertSupportedN8n } from '../../lib/n8n-version';

// In an n8n outside the supported range, loading stops here with one line in n8n's log.
assertSupportedN8n();

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
    return runTriggerEngine(
      node,
      credential,
      { commands: `n8n-function:${functionName}`, blocking: `n8n-function-reader:${functionName}` },
      (redis, reader) =>
        new FunctionConsumer(
          redis,
          reader,
          {
            functionName,
            scope,
            workflowId,
            nodeId: node.id,
            consumerId,
            parameters: declared,
            callsInFlight,
            maxDeliveries,
            replicaAck: replicaAckOf(credential),
            // Labelled by the Function Name parameter as written.
            recorder: recorderFor(credential, { kind: 'function_consumer', workflowId, node: node.name, subject: String(node.parameters.functionName ?? '') }, (message) => this.logger.warn(message)),
          },
          {
            // The call's parameters, validated against the declared ones: JSON values only.
            run: (json) => emitAndWait(this, [[{ json: json as IDataObject }]], { onDoneLost: (outcome) => this.logger.warn(doneLostMessage(outcome)) }),
            log: (level, message) => this.logger[level](message),
          },
        ),
      `Cannot register function "${functionName}"`,
    );
  }
}
