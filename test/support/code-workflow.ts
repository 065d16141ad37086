// A minimal workflow a user might commit: a Webhook feeding one Code node with the given body.
export function codeWorkflow(jsCode: string): string {
  return JSON.stringify({
    name: 'w',
    nodes: [
      { parameters: { path: 'x' }, name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2.1, position: [0, 0] },
      { parameters: { jsCode }, name: 'Code', type: 'n8n-nodes-base.code', typeVersion: 2, position: [220, 0] },
    ],
    connections: { Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] } },
    settings: { executionOrder: 'v1' },
  });
}
