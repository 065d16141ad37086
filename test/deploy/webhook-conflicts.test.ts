// The webhook routes deploy checks before it writes: n8n 2.41 refuses to publish a workflow whose
// route another published workflow serves (HTTP 409, after deploy had written). The real 409 and the
// refusal against a live n8n are in test/e2e/deploy.e2e.test.ts.
import { describe, expect, it } from 'vitest';
import { webhookRoutes } from '../../src/workflow/webhooks.js';
import { webhookConflict, type PlannedRoutes } from '../../src/deploy/webhook-conflicts.js';

const webhook = (name: string, parameters: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ name, type: 'n8n-nodes-base.webhook', parameters, webhookId: `wh-${name}`, ...extra });
const form = (name: string, parameters: Record<string, unknown>, webhookId = `form-${name}`) => ({ name, type: 'n8n-nodes-base.formTrigger', parameters, webhookId });

describe('webhookRoutes: what a published workflow claims, as n8n keys it', () => {
  it('the Webhook node: its method (GET by default), or each of several; the path without surrounding slashes', () => {
    expect(webhookRoutes([webhook('A', { path: '/invoice-sync/', httpMethod: 'POST' })])).toEqual([{ node: 'A', method: 'POST', path: 'invoice-sync' }]);
    expect(webhookRoutes([webhook('A', { path: 'x' })])).toEqual([{ node: 'A', method: 'GET', path: 'x' }]);
    expect(webhookRoutes([webhook('A', { path: 'x', multipleMethods: true })]).map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(webhookRoutes([webhook('A', { path: 'x', multipleMethods: true, httpMethod: ['PUT', 'DELETE'] })]).map((r) => r.method)).toEqual(['PUT', 'DELETE']);
  });

  it('the Form Trigger: GET and POST on its path, else options.path, else its webhookId', () => {
    expect(webhookRoutes([form('F', { path: 'signup' })]).map((r) => `${r.method} ${r.path}`)).toEqual(['GET signup', 'POST signup']);
    expect(webhookRoutes([form('F', { options: { path: 'alt' } })]).map((r) => r.path)).toEqual(['alt', 'alt']);
    expect(webhookRoutes([form('F', {}, 'abc-123')]).map((r) => r.path)).toEqual(['abc-123', 'abc-123']);
  });

  it('claims nothing for a disabled node, an expression path, a dynamic path, an empty path or any other node type', () => {
    expect(webhookRoutes([webhook('A', { path: 'x' }, { disabled: true }), webhook('B', { path: '={{ $json.p }}' }), webhook('C', { path: 'user/:id' }), webhook('D', { path: ':id' }), webhook('E', { path: '' }), { name: 'S', type: 'n8n-nodes-base.set', parameters: { path: 'x' } }])).toEqual([]);
  });
});

const plan = (key: string, nodes: PlannedRoutes['nodes'], id = ''): PlannedRoutes => ({ key, file: `workflows/${key}.json`, id, nodes });

describe('webhookConflict: the first route two workflows would serve', () => {
  it('within the plan: two workflows, or two nodes of one workflow, on one method and path', () => {
    expect(webhookConflict([plan('a', [webhook('In', { path: 'p', httpMethod: 'POST' })]), plan('b', [webhook('Hook', { path: '/p', httpMethod: 'POST' })])], [], 'http://n8n')).toBe(
      'workflows/b.json: webhook POST /p (node "Hook") is also claimed by workflows/a.json (node "In"): n8n serves one workflow per method and path; change one of the paths; nothing was written',
    );
    expect(webhookConflict([plan('a', [webhook('In', { path: 'p' }), webhook('Again', { path: 'p' })])], [], 'http://n8n')).toMatch(/^workflows\/a\.json: webhook GET \/p \(node "Again"\) is also claimed by node "In" of the same workflow/);
    // Another method on the same path is another route.
    expect(webhookConflict([plan('a', [webhook('In', { path: 'p', httpMethod: 'POST' })]), plan('b', [webhook('Hook', { path: 'p' })])], [], 'http://n8n')).toBeUndefined();
  });

  it('against the instance: a published workflow that serves the route, by its published version; the workflow being updated is not a conflict', () => {
    const live = [{ id: 'Other0000000000A', name: 'Invoice Sync', nodes: [], activeVersion: { nodes: [webhook('Webhook', { path: 'invoice-sync', httpMethod: 'POST' })] } }];
    const mine = [plan('invoice_sync', [webhook('Webhook', { path: 'invoice-sync', httpMethod: 'POST' })])];
    expect(webhookConflict(mine, live, 'http://n8n:5678')).toBe(
      'workflows/invoice_sync.json: webhook POST /invoice-sync (node "Webhook") is already served by the published workflow "Invoice Sync" (id Other0000000000A) on http://n8n:5678: change the path, or unpublish that workflow in n8n; nothing was written',
    );
    expect(webhookConflict([{ ...mine[0], id: 'Other0000000000A' }], live, 'http://n8n:5678')).toBeUndefined();
    // A draft that is not published serves nothing: only the published version's nodes count.
    expect(webhookConflict(mine, [{ ...live[0], nodes: live[0].activeVersion.nodes, activeVersion: { nodes: [] } }], 'http://n8n:5678')).toBeUndefined();
    // The instance could not be listed: the plan is still checked against itself.
    expect(webhookConflict(mine, undefined, 'http://n8n:5678')).toBeUndefined();
  });
});
