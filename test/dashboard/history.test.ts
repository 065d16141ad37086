// The last hour's chart (pure): totals from the recorded series, one sample a step, and the rise
// between samples as waits, holds and denials; a total that went down is no change.
import { describe, expect, it } from 'vitest';
import { metricField, parseSeries, type StoredSeries } from 'n8n-lock-protocol/metrics';
import { addSample, historyChart, HISTORY_SPAN_MS, HISTORY_STEP_MS, totalsOf, type Totals } from '../../src/dashboard/history.js';

function series(kind: string, fields: Record<string, number>): StoredSeries {
  return parseSeries(`n8n-lock:metrics:${kind}:00000000000000000000000000000`, { '#workflow_id': 'W', '#node': 'N', '#scope': 's', ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])) })!;
}

describe('totalsOf', () => {
  it('adds up acquisitions, wait and hold seconds, and denials of every series', () => {
    const lock = series('lock', { [metricField('acquisitions', 'acquired')]: 4, [metricField('acquisitions', 'timed_out')]: 1, [metricField('acquisitions', 'refused')]: 2, 'wait_seconds{}:sum': 1.5, 'wait_seconds{}:count': 4, 'hold_seconds{}:sum': 8, 'hold_seconds{}:count': 4 });
    const rate = series('rate_limit', { [metricField('rate_limit_decisions', 'fixed', 'denied')]: 5, [metricField('rate_limit_decisions', 'fixed', 'allowed')]: 9 });
    expect(totalsOf([lock, rate, lock], 1000)).toEqual({ at: 1000, acquired: 8, waitSum: 3, holdSum: 16, holdCount: 8, denied: 6 + 5 });
  });
});

describe('samples and chart', () => {
  const totals = (at: number, over: Partial<Totals> = {}): Totals => ({ at, acquired: 0, waitSum: 0, holdSum: 0, holdCount: 0, denied: 0, ...over });

  it('keeps one sample a step, for an hour', () => {
    let samples: Totals[] = [];
    for (let at = 0; at <= HISTORY_SPAN_MS + 5 * HISTORY_STEP_MS; at += 1000) samples = addSample(samples, totals(at));
    expect(samples.length).toBe(HISTORY_SPAN_MS / HISTORY_STEP_MS + 1);
    expect(samples[0].at).toBe(5 * HISTORY_STEP_MS);
    expect(samples[1].at - samples[0].at).toBe(HISTORY_STEP_MS);
  });

  it('charts the rise per step, the live step last; a fall is no change', () => {
    const samples = [totals(0), totals(10_000, { acquired: 3, waitSum: 1.2, holdSum: 6, holdCount: 3, denied: 1 }), totals(20_000, { acquired: 2, waitSum: 1, holdSum: 5, holdCount: 2 })];
    const chart = historyChart(samples, totals(25_000, { acquired: 4, waitSum: 1.5, holdSum: 9, holdCount: 4, denied: 3 }));
    expect(chart).toEqual({
      t: [10, 20, 25],
      waitSeconds: [1.2, 0, 0.5],
      holdSeconds: [6, 0, 4],
      denials: [1, 0, 3],
      acquisitions: [3, 0, 2],
      summary: { sinceMs: 0, acquired: 5, waitSeconds: 1.7, holdSeconds: 10, meanHoldMs: 2000, denied: 4 },
    });
  });

  it('no sample yet: an empty chart', () => {
    expect(historyChart([], null)).toMatchObject({ t: [], summary: { sinceMs: null, meanHoldMs: null } });
  });
});
