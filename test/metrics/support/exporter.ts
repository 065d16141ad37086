// The BUILT `n8n-lock metrics` as a background process (port 0: it prints the port it bound),
// and a reader of what it serves. For the exporter's tests, the e2e suite and the bench.
import { startCliServer, type CliServer } from '../../support/cli-server.js';

export type ExporterProcess = Omit<CliServer, 'stop'> & { stop(): Promise<void> };

export async function startExporterProcess(args: string[]): Promise<ExporterProcess> {
  const server = await startCliServer(['metrics', ...args]);
  return { ...server, stop: async () => void (await server.stop()) };
}

export interface ParsedSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus text (or OpenMetrics) to its samples; comment lines skipped. */
export function parseExposition(text: string): ParsedSample[] {
  const samples: ParsedSample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[name] = value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1], labels, value: match[3] === '+Inf' ? Infinity : Number(match[3]) });
  }
  return samples;
}

/** The one sample of `name` whose labels include `labels`, or undefined. */
export function sampleOf(samples: ParsedSample[], name: string, labels: Record<string, string> = {}): ParsedSample | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0];
}
