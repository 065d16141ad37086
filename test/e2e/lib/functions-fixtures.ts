// The workflows of the functions suite: functions defined by the Function trigger of the packed
// n8n-nodes-lock package, and webhook workflows that call them with Call Function. Plain n8n JSON
// with fixed ids, as a user would export it (node types carry the package name).
import { FUNCTION_NODE_TYPES } from 'n8n-lock-protocol/functions';
import { N8N_1X, REDIS_CREDENTIAL } from '../harness/index.js';
// The stock nodes as the lock suite builds them.
import { code, ifTrue, wait, webhook } from './fixtures.js';

export const CREDENTIALS = { redis: { id: REDIS_CREDENTIAL.id, name: REDIS_CREDENTIAL.name } };
type Node = Record<string, unknown> & { name: string };
let counter = 0;
const uuid = (n: number) => `f2e00000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function node(name: string, type: string, typeVersion: number, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}): Node {
  counter++;
  return { parameters, id: uuid(counter), name, type, typeVersion, position: [counter * 220, 0], ...extra };
}

export const functionTrigger = (functionName: string, parameters: string[] = [], options: Record<string, unknown> = {}) =>
  node('Function', FUNCTION_NODE_TYPES.function, 1, { functionName, scope: 'global', parameters: { parameter: parameters.map((name) => ({ name })) }, options }, { credentials: CREDENTIALS });

export const callFunction = (name: string, functionName: string, parameters: string, settings: { timeout?: number; options?: Record<string, unknown> } = {}) =>
  node(name, FUNCTION_NODE_TYPES.callFunction, 1, { functionName, scope: 'global', parameters, timeout: settings.timeout ?? 30, options: settings.options ?? {} }, { credentials: CREDENTIALS, onError: 'continueRegularOutput' });

export const returnJson = (name: string, value: string) => node(name, FUNCTION_NODE_TYPES.returnFromFunction, 1, { respondWith: 'json', value }, { credentials: CREDENTIALS });

export const stopAndError = (name: string, message: string) => node(name, 'n8n-nodes-base.stopAndError', 1, { errorMessage: message });

const link = (from: string, to: string, output = 0) => ({ from, to, output });

export function workflow(id: string, name: string, nodes: Node[], links: Array<{ from: string; to: string; output: number }> = nodes.slice(1).map((n, i) => link(nodes[i].name, n.name))) {
  const connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }> = {};
  for (const { from, to, output } of links) {
    const outputs = (connections[from] ??= { main: [] }).main;
    while (outputs.length <= output) outputs.push([]);
    outputs[output].push({ node: to, type: 'main', index: 0 });
  }
  return { id, name, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** Fixed ids: n8n's importer wants 16 characters. */
export const FUNCTION_WORKFLOW_IDS = {
  double: 'FnDouble00000001',
  callDouble: 'FnCallDouble0001',
  factorial: 'FnFactorial00001',
  callFactorial: 'FnCallFactori001',
  sleepy: 'FnSleepy00000001',
  callSleepy: 'FnCallSleepy0001',
  boom: 'FnBoom0000000001',
  callBoom: 'FnCallBoom000001',
  callNobody: 'FnCallNobody0001',
  slow: 'FnSlow0000000001',
  many: 'FnCallMany000001',
} as const;

export const FUNCTION_WEBHOOKS = ['fn-double', 'fn-factorial', 'fn-sleepy', 'fn-boom', 'fn-nobody', 'fn-many'];

/** The deepest call the factorial function and its caller allow (Max Call Depth). */
export const FACTORIAL_MAX_DEPTH = 8;

export function functionWorkflows(): Array<Record<string, unknown>> {
  counter = 0;
  const ids = FUNCTION_WORKFLOW_IDS;
  const factorial = [
    functionTrigger('factorial', ['n']),
    ifTrue('Base Case?', '$json.n <= 1'),
    returnJson('Return 1', '={{ 1 }}'),
    callFunction('Call factorial(n - 1)', 'factorial', '={{ { n: $json.n - 1 } }}', { options: { maxDepth: FACTORIAL_MAX_DEPTH } }),
    returnJson('Return n * (n - 1)!', '={{ $json.n * $json.functionResult }}'),
  ];
  // Inside the function a failed inner call must fail the execution (so the error travels up), not become data.
  delete (factorial[3] as Record<string, unknown>).onError;
  return [
    workflow(ids.double, 'Fn double', [functionTrigger('double', ['n']), returnJson('Return', '={{ { n: $json.n, doubled: $json.n * 2 } }}')]),
    workflow(ids.callDouble, 'Fn call double', [webhook('fn-double'), callFunction('Call double', 'double', '={{ { n: Number($json.query.n) } }}')]),
    workflow(ids.factorial, 'Fn factorial', factorial, [
      link('Function', 'Base Case?'),
      link('Base Case?', 'Return 1', 0),
      link('Base Case?', 'Call factorial(n - 1)', 1),
      link('Call factorial(n - 1)', 'Return n * (n - 1)!'),
    ]),
    workflow(ids.callFactorial, 'Fn call factorial', [webhook('fn-factorial'), callFunction('Call factorial', 'factorial', '={{ { n: Number($json.query.n) } }}', { options: { maxDepth: FACTORIAL_MAX_DEPTH } })]),
    workflow(ids.sleepy, 'Fn sleepy', [functionTrigger('sleepy'), wait('Sleep 5 s', 5), returnJson('Return', '={{ "woke up" }}')]),
    workflow(ids.callSleepy, 'Fn call sleepy', [webhook('fn-sleepy'), callFunction('Call sleepy', 'sleepy', '={{ {} }}', { timeout: 2 })]),
    workflow(ids.boom, 'Fn boom', [functionTrigger('boom'), stopAndError('Fail', 'boom from the function'), returnJson('Return', '={{ "unreachable" }}')]),
    workflow(ids.callBoom, 'Fn call boom', [webhook('fn-boom'), callFunction('Call boom', 'boom', '={{ {} }}', { timeout: 30 })]),
    workflow(ids.callNobody, 'Fn call nobody', [
      webhook('fn-nobody'),
      { ...callFunction('Call nobody', 'nobody', '={{ {} }}', { timeout: 30 }), notes: 'n8n-lock-disable call-function-defined -- e2e probe: calls a function nobody serves, on purpose' },
    ]),
    // Called by the test process itself in the crash scenario: callers that outlive the n8n they call.
    workflow(ids.slow, 'Fn slow', [functionTrigger('slow', ['i'], { callsInFlight: 50 }), wait('Work 2 s', 2), returnJson('Return', '={{ { i: $json.i } }}')]),
    // `count` calls of double from one execution, checked inside n8n: how many results were wrong.
    workflow(ids.many, 'Fn call many', [
      webhook('fn-many'),
      code('Items', 'return Array.from({ length: Number($json.query.count) }, (_, n) => ({ json: { n } }));'),
      callFunction('Call double', 'double', '={{ { n: $json.n } }}', { options: { parallelCalls: 20 } }),
      code('Check', 'const all = $input.all(); return [{ json: { calls: all.length, ok: all.filter((i) => i.json.functionResult?.doubled === i.json.n * 2).length, errors: all.filter((i) => i.json.error).map((i) => i.json.error).slice(0, 3) } }];'),
    ]),
  ];
}

/** What the agent's model sees of the tool: the Call Function Tool's description. */
export const AGENT_TOOL_DESCRIPTION = 'Doubles a number: give it n, it answers { n, doubled }';

/**
 * An AI Agent (n8n's own, typeVersion 3.1) whose model is the OpenAI Chat Model node (Base URL in
 * the credential) and whose one tool is the package's Call Function Tool, calling `double` with
 * `n` filled in by the model through $fromAI. `GET /webhook/agent-double` answers the agent's output.
 */
export function agentWorkflow(openAiCredential: { id: string; name: string }): Record<string, unknown> {
  const trigger = webhook('agent-double');
  // n8n 1.123's AI Agent goes up to version 3 (3.1 came with 2.x): a version it lacks fails activation
  // with "Cannot read properties of undefined (reading 'execute')".
  const agent = node('AI Agent', '@n8n/n8n-nodes-langchain.agent', N8N_1X ? 3 : 3.1, { promptType: 'define', text: '=Double the number {{ $json.query.n }} with the tool.', options: {} });
  const model = node('Scripted Model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', 1.2, { model: { __rl: true, mode: 'id', value: 'scripted-model' }, options: {} }, { credentials: { openAiApi: openAiCredential } });
  const tool = node(
    'Call double',
    `${FUNCTION_NODE_TYPES.callFunction}Tool`,
    1,
    { descriptionType: 'manual', toolDescription: AGENT_TOOL_DESCRIPTION, functionName: 'double', scope: 'global', parameters: "={{ { n: $fromAI('n', 'the number to double', 'number') } }}", timeout: 30, options: {} },
    { credentials: CREDENTIALS },
  );
  return {
    name: 'Fn agent double',
    nodes: [trigger, agent, model, tool],
    connections: {
      [trigger.name]: { main: [[{ node: agent.name, type: 'main', index: 0 }]] },
      [model.name]: { ai_languageModel: [[{ node: agent.name, type: 'ai_languageModel', index: 0 }]] },
      [tool.name]: { ai_tool: [[{ node: agent.name, type: 'ai_tool', index: 0 }]] },
    },
    settings: { executionOrder: 'v1' },
  };
}
