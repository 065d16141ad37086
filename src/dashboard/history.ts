// Pure: the last hour's waits, holds and denials, from the metrics recording (n8n-lock:metrics:*).
// The recording holds running totals (counters and histogram sums, as the nodes wrote them in
// Redis); the dashboard keeps one sample of those totals every HISTORY_STEP_MS for an hour, and the
// chart is the difference between neighbours: seconds spent waiting and holding, and denials, per
// step. A total that went down (a series expired after a week idle, a flushed Redis) counts as no
// change, never as a negative.
import type { StoredSeries } from 'n8n-lock-protocol/metrics';

export const HISTORY_STEP_MS = 10_000;
export const HISTORY_SPAN_MS = 3_600_000;

/** The recording's totals at one moment, all series together. */
export interface Totals {
  at: number;
  acquired: number;
  waitSum: number;
  holdSum: number;
  holdCount: number;
  /** Lock acquisitions that timed out or were refused, and rate-limit decisions that denied. */
  denied: number;
}

export interface HistoryChart {
  /** The end of each step, in seconds since the epoch (uPlot's x values). */
  t: number[];
  waitSeconds: number[];
  holdSeconds: number[];
  denials: number[];
  acquisitions: number[];
  /** Over the whole span shown. */
  summary: { sinceMs: number | null; acquired: number; waitSeconds: number; holdSeconds: number; meanHoldMs: number | null; denied: number };
}

const sumCounter = (series: StoredSeries, metric: Parameters<StoredSeries['counters']['get']>[0], match: (labels: string) => boolean) => {
  let total = 0;
  for (const [labels, value] of series.counters.get(metric) ?? []) if (match(labels)) total += value;
  return total;
};

export function totalsOf(series: StoredSeries[], at: number): Totals {
  const totals: Totals = { at, acquired: 0, waitSum: 0, holdSum: 0, holdCount: 0, denied: 0 };
  for (const s of series) {
    totals.acquired += sumCounter(s, 'acquisitions', (result) => result === 'acquired');
    totals.denied += sumCounter(s, 'acquisitions', (result) => result === 'timed_out' || result === 'refused');
    // rate_limit_decisions is labelled algorithm,outcome.
    totals.denied += sumCounter(s, 'rate_limit_decisions', (labels) => labels.endsWith(',denied'));
    for (const histogram of s.histograms.get('wait_seconds')?.values() ?? []) totals.waitSum += histogram.sum;
    for (const histogram of s.histograms.get('hold_seconds')?.values() ?? []) {
      totals.holdSum += histogram.sum;
      totals.holdCount += histogram.count;
    }
  }
  return totals;
}

/** Adds the totals as a sample when a step has passed since the last one, and drops samples older than the span. */
export function addSample(samples: Totals[], totals: Totals): Totals[] {
  const last = samples[samples.length - 1];
  if (last && totals.at - last.at < HISTORY_STEP_MS) return samples;
  return [...samples.filter((s) => totals.at - s.at <= HISTORY_SPAN_MS), totals];
}

const rise = (now: number, before: number) => Math.max(0, now - before);
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The chart: one point per step between samples, and the last point up to the latest totals (the live step). */
export function historyChart(samples: Totals[], latest: Totals | null): HistoryChart {
  const points = latest && (samples.length === 0 || latest.at > samples[samples.length - 1].at) ? [...samples, latest] : samples;
  const chart: HistoryChart = { t: [], waitSeconds: [], holdSeconds: [], denials: [], acquisitions: [], summary: { sinceMs: points[0]?.at ?? null, acquired: 0, waitSeconds: 0, holdSeconds: 0, meanHoldMs: null, denied: 0 } };
  let holdCount = 0;
  for (let i = 1; i < points.length; i++) {
    const [before, now] = [points[i - 1], points[i]];
    chart.t.push(Math.round(now.at / 1000));
    chart.waitSeconds.push(round(rise(now.waitSum, before.waitSum)));
    chart.holdSeconds.push(round(rise(now.holdSum, before.holdSum)));
    chart.denials.push(rise(now.denied, before.denied));
    chart.acquisitions.push(rise(now.acquired, before.acquired));
    holdCount += rise(now.holdCount, before.holdCount);
  }
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  chart.summary.acquired = sum(chart.acquisitions);
  chart.summary.waitSeconds = round(sum(chart.waitSeconds));
  chart.summary.holdSeconds = round(sum(chart.holdSeconds));
  chart.summary.denied = sum(chart.denials);
  chart.summary.meanHoldMs = holdCount > 0 ? Math.round((chart.summary.holdSeconds * 1000) / holdCount) : null;
  return chart;
}
