// A stand-in for the parts of n8n's node contexts the nodes use (IExecuteFunctions, and with
// stubTriggerContext ITriggerFunctions), connected to a test's own redis-server.
const node = { id: 'node-1', name: 'Node', type: 'x', typeVersion: 1, parameters: {} };
const logger = { error() {}, warn() {}, info() {}, debug() {} };

export interface ExecuteContextOptions {
  credential?: boolean;
  continueOnFail?: boolean;
}

export function stubExecuteContext(port: number, parameters: Record<string, unknown>, items: Array<Record<string, unknown>>, options: ExecuteContextOptions = {}) {
  return {
    logger,
    getNode: () => node,
    getInputData: () => items.map((json) => ({ json })),
    // A parameter given as a function is an expression: evaluated per item, as n8n does.
    getNodeParameter: (name: string, i: number, fallback?: unknown) => (name in parameters ? (typeof parameters[name] === 'function' ? (parameters[name] as (i: number) => unknown)(i) : parameters[name]) : fallback),
    getCredentials: async () => {
      if (options.credential === false) throw new Error('Node "Node" does not have any credentials set');
      return { host: '127.0.0.1', port, database: 0 };
    },
    getWorkflow: () => ({ id: 'Wf00000000000001', active: true }),
    getExecutionId: () => '42',
    getMode: () => 'trigger',
    continueOnFail: () => options.continueOnFail ?? false,
    getParentNodes: () => [],
    getWorkflowDataProxy: () => ({}),
    getInstanceId: () => 'instance-abc',
  };
}

/** A trigger's context: parameters without an item index, and `emit` as the test wants it. */
export function stubTriggerContext(port: number, parameters: Record<string, unknown>, emit: (data: any, response: unknown, done: any) => void = () => undefined) {
  return {
    ...stubExecuteContext(port, parameters, []),
    getNodeParameter: (name: string, fallback?: unknown) => (name in parameters ? parameters[name] : fallback),
    emit,
    emitError: () => undefined,
  };
}
