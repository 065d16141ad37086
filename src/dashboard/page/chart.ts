// The last hour's chart: uPlot (a small canvas time-series library, bundled) drawing seconds spent
// waiting and holding per step on the left axis and denials per step on the right.
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import htm from 'htm';
import uPlot from 'uplot';
import type { HistoryChart } from '../history.js';

const html = htm.bind(h);

const SERIES_COLORS = { wait: '#1d4ed8', hold: '#047857', denials: '#b91c1c' };

function data(history: HistoryChart): uPlot.AlignedData {
  return [history.t, history.waitSeconds, history.holdSeconds, history.denials];
}

function options(width: number): uPlot.Options {
  return {
    width,
    height: 220,
    scales: { x: { time: true, range: (_u, _min, max) => [max - 3600, max] }, s: { auto: true }, n: { auto: true, range: (_u, _min, max) => [0, Math.max(1, max)] } },
    series: [
      {},
      { label: 'waiting (s)', scale: 's', stroke: SERIES_COLORS.wait, width: 2 },
      { label: 'holding (s)', scale: 's', stroke: SERIES_COLORS.hold, width: 2 },
      { label: 'denials', scale: 'n', stroke: SERIES_COLORS.denials, width: 2, paths: uPlot.paths.stepped?.({ align: 1 }) },
    ],
    axes: [{}, { scale: 's', label: 'seconds per step' }, { scale: 'n', side: 1, label: 'denials per step', grid: { show: false } }],
    legend: { live: false },
    cursor: { drag: { x: false, y: false } },
  };
}

export function Chart({ history }: { history: HistoryChart }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  useEffect(() => {
    const element = box.current!;
    plot.current = new uPlot(options(Math.max(320, element.clientWidth)), data(history), element);
    const resize = () => plot.current?.setSize({ width: Math.max(320, element.clientWidth), height: 220 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);
  useEffect(() => {
    plot.current?.setData(data(history));
  }, [history]);
  const s = history.summary;
  const summary = `${s.acquired} acquisitions, ${s.waitSeconds} s spent waiting, ${s.holdSeconds} s spent holding${s.meanHoldMs === null ? '' : ` (mean hold ${s.meanHoldMs} ms)`}, ${s.denied} denials`;
  return html`<figure class="chart">
    <div ref=${box} role="img" aria-label=${`Chart of the last hour, one point per 10 seconds: ${summary}`}></div>
    <figcaption>${s.sinceMs === null ? 'No sample yet: the chart starts when the dashboard starts.' : `Since ${new Date(s.sinceMs).toLocaleTimeString()}: ${summary}.`}</figcaption>
  </figure>`;
}
