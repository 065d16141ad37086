import { defineRule } from '../types.js';

/** Pinned test data in a template replaces real node output in the editor and leaks sample data into git. */
export const noPinData = defineRule({
  id: 'no-pin-data',
  meta: {
    description: 'workflow templates carry no pinData (pinned sample output)',
    defaultSeverity: 'warning',
    rationale: 'Pinned data replaces a node\'s real output while you edit, and it is saved with the workflow: in git it leaks sample (often real) data and makes a template behave differently in the editor than in production. Unpin the nodes before exporting.',
    messages: { pinned: 'pinData for {{count}} node(s) ({{nodes}}): remove pinned data from templates' },
    fix: 'it removes `pinData`. n8n reads pinned data only in manual executions started from the editor and in evaluation runs (n8n 2.41: WorkflowRunner.resolvePinData and the webhook path both check for the modes manual and evaluation); a production execution (webhook, schedule, sub-workflow call, error workflow) never does, so what the published workflow does is unchanged. The editor then shows real output again.',
  },
  check({ workflow }) {
    const pin = (workflow as { pinData?: Record<string, unknown> }).pinData;
    if (!pin || typeof pin !== 'object' || Object.keys(pin).length === 0) return [];
    return [{ messageId: 'pinned', data: { count: Object.keys(pin).length, nodes: Object.keys(pin).slice(0, 3).map((n) => `"${n}"`).join(', ') }, pointer: '/pinData', fix: [{ op: 'remove', path: '/pinData' }] }];
  },
});
