// A throwaway Prometheus (Debian's package) that scrapes one target every second, in a directory
// of its own, on a free port; stopped by its process group like every other server here.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Background } from './proc.js';
import { FatalWait, freePort, isCI, log, seconds, Unavailable, waitFor } from './util.js';

export const SCRAPE_INTERVAL_S = 1;

/** The prometheus binary, or Unavailable (CI fails on it: .ci/run installs the package). */
export function requirePrometheus(): string {
  if (spawnSync('prometheus', ['--version']).status === 0) return 'prometheus';
  const message = 'prometheus not found (apt-get install prometheus)';
  if (isCI()) throw new Error(message);
  throw new Unavailable(message);
}

export class PrometheusServer {
  private server?: Background;
  port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts Prometheus in `dir` scraping `target` (host:port, path /metrics) as job n8n-lock. */
  async start(dir: string, target: string): Promise<void> {
    const started = Date.now();
    const bin = requirePrometheus();
    const home = join(dir, 'prometheus');
    mkdirSync(home, { recursive: true });
    const config = join(home, 'prometheus.yml');
    writeFileSync(config, `global:\n  scrape_interval: ${SCRAPE_INTERVAL_S}s\n  evaluation_interval: ${SCRAPE_INTERVAL_S}s\nscrape_configs:\n  - job_name: n8n-lock\n    static_configs:\n      - targets: ['${target}']\n`);
    this.port = await freePort();
    const args = [`--config.file=${config}`, `--storage.tsdb.path=${join(home, 'data')}`, `--web.listen-address=127.0.0.1:${this.port}`, '--storage.tsdb.retention.time=1h', '--log.level=warn'];
    this.server = new Background('prometheus', bin, args, { env: process.env, logFile: join(dir, 'prometheus.log') });
    await waitFor('prometheus to be ready', 30_000, async () => {
      if (!this.server!.running) throw new FatalWait(`prometheus exited at start (see ${join(dir, 'prometheus.log')})`);
      return (await fetch(`${this.url}/-/ready`).then((r) => r.ok, () => false)) ? true : undefined;
    }, 200);
    log(`prometheus on 127.0.0.1:${this.port} scraping ${target} every ${SCRAPE_INTERVAL_S} s (${seconds(Date.now() - started)})`);
  }

  /** An instant query's result vector (throws on a query Prometheus refuses). */
  async query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
    const response = await fetch(`${this.url}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await response.json()) as { status: string; error?: string; data?: { resultType: string; result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
    if (body.status !== 'success') throw new Error(`PromQL ${expr}: ${body.error}`);
    return body.data!.result;
  }

  /** A range query's series, each with its values (throws on a query Prometheus refuses). */
  async queryRange(expr: string, startS: number, endS: number, stepS = 1): Promise<Array<{ metric: Record<string, string>; values: Array<[number, string]> }>> {
    const params = new URLSearchParams({ query: expr, start: String(startS), end: String(endS), step: String(stepS) });
    const response = await fetch(`${this.url}/api/v1/query_range?${params}`);
    const body = (await response.json()) as { status: string; error?: string; data?: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> } };
    if (body.status !== 'success') throw new Error(`PromQL ${expr}: ${body.error}`);
    return body.data!.result;
  }

  /** The value of a query that answers one number (0 when it answers nothing). */
  async scalar(expr: string): Promise<number> {
    const result = await this.query(expr);
    if (result.length > 1) throw new Error(`PromQL ${expr}: ${result.length} series, expected one`);
    return result.length ? Number(result[0].value[1]) : 0;
  }

  async stop(): Promise<void> {
    await this.server?.stop(5_000);
  }
}
