import type { Rule } from '../types.js';

/** Pinned test data in a template replaces real node output in the editor and leaks sample data into git. */
export const noPinData: Rule = {
  id: 'no-pin-data',
  description: 'workflow templates carry no pinData (pinned sample output)',
  defaultSeverity: 'warning',
  check({ workflow }) {
    const pin = (workflow as { pinData?: Record<string, unknown> }).pinData;
    if (!pin || typeof pin !== 'object' || Object.keys(pin).length === 0) return [];
    return [{ message: `pinData for ${Object.keys(pin).length} node(s) (${Object.keys(pin).slice(0, 3).map((n) => `"${n}"`).join(', ')}): remove pinned data from templates`, pointer: '/pinData' }];
  },
};
