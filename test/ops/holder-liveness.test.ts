// Pure: what n8n's answer about a holder's execution means for unlock (issue 38, finding 4).
import { describe, expect, it } from 'vitest';
import { judgeHolder, livenessOf, NO_N8N_URL } from '../../src/ops/holder-liveness.js';
import type { Holder } from '../../src/ops/status.js';

const found = (status: string) => ({ kind: 'found' as const, status, startedAt: '2026-11-27T17:00:00.000Z', stoppedAt: null, waitTill: null });
const holder: Holder = { lock_id: '4711', workflow_id: 'Wf1', workflow_name: 'Invoice Sync', execution_id: '4711', locked_at: null };

describe('livenessOf', () => {
  it('new, running and waiting are live; success, error, crashed and canceled are over', () => {
    for (const status of ['new', 'running', 'waiting']) expect(livenessOf('4711', found(status), 'http://n8n').verdict).toBe('live');
    for (const status of ['success', 'error', 'crashed', 'canceled']) expect(livenessOf('4711', found(status), 'http://n8n').verdict).toBe('finished');
  });

  it('everything else is unknown, never finished: a status n8n may add, a 404, a failed call, no n8n', () => {
    expect(livenessOf('4711', found('unknown'), 'http://n8n')).toEqual({ verdict: 'unknown', said: 'n8n at http://n8n says its status is "unknown"' });
    expect(livenessOf('4711', { kind: 'not-found' }, 'http://n8n').verdict).toBe('unknown');
    expect(livenessOf('4711', { kind: 'failed', why: 'boom' }, 'http://n8n')).toEqual({ verdict: 'unknown', said: 'asking n8n failed: boom' });
    expect(livenessOf('4711', { kind: 'not-asked', why: NO_N8N_URL }, null)).toEqual({ verdict: 'unknown', said: NO_N8N_URL });
  });
});

describe('judgeHolder', () => {
  it('refuses a live or unknown holder without --force, and says what freeing it would do either way', () => {
    const live = livenessOf('4711', found('running'), 'http://n8n');
    const refused = judgeHolder('billing', holder, live, false);
    expect(refused.refuse).toBe(true);
    expect(refused.stderr[1]).toContain('LOGIC ERROR');
    const forced = judgeHolder('billing', holder, live, true);
    expect(forced).toEqual({ refuse: false, stderr: [...refused.stderr.slice(0, 2), 'unlock: --force: freeing it anyway'] });
    expect(judgeHolder('billing', holder, livenessOf('4711', { kind: 'not-found' }, 'http://n8n'), false).refuse).toBe(true);
  });

  it('goes on for a holder that is over, with one line', () => {
    expect(judgeHolder('billing', holder, livenessOf('4711', found('crashed'), 'http://n8n'), false)).toEqual({ refuse: false, stderr: ["unlock: execution 4711 of 'billing' is over: n8n at http://n8n says it ended (crashed)"] });
  });
});
