// The dashboard's live state: one read of Redis per interval, shared by every open page. The
// connection is kept between reads and, when a read fails, dropped and opened afresh at the next
// one, so a Redis that went away and came back needs nothing from the operator: the page shows the
// cause while it is down and recovers by itself. Reads never overlap; a slow one delays the next.
import { InputError } from '../errors.js';
import { COMMAND_TIMEOUT_MS, describeRedisError, openRedis, type RedisClient } from '../ops/redis-client.js';
import type { RedisTarget } from '../ops/redis-url.js';
import { addSample, totalsOf, type Totals } from './history.js';
import { readDashboard } from './read.js';
import { dashboardState, downState, type DashboardState } from './view.js';

/** The Redis to read, or why there is none (a URL that does not parse: the page says so, naming its flag). */
export type LiveTarget = { target: RedisTarget; source: string } | { error: string; display: string };

export interface LiveOptions {
  intervalMs: number;
  n8nUrl: string | null;
  log: (line: string) => void;
  now?: () => number;
}

type Listener = (state: DashboardState) => void;

export class LiveDashboard {
  state: DashboardState;
  private client?: RedisClient;
  private opening?: Promise<RedisClient>;
  private samples: Totals[] = [];
  private readonly listeners = new Set<Listener>();
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private lastError: string | null = null;
  private readonly now: () => number;
  /** How long the last update took: the read from Redis, and building the state from it. */
  lastUpdate = { readMs: 0, buildMs: 0 };

  constructor(
    private readonly live: LiveTarget,
    private readonly options: LiveOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.state = downState('not read yet', this.viewContext(0, null));
  }

  get display(): string {
    return 'target' in this.live ? this.live.target.display : this.live.display;
  }

  private viewContext(readMs: number, latest: Totals | null) {
    return { nowMs: this.now(), readMs, redis: this.display, n8nUrl: this.options.n8nUrl, samples: this.samples, latest };
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The connected client for an action, opened when there is none; throws (InputError) when Redis
   * cannot be reached. One opening at a time (an action and an update asking together share it),
   * and a client that finishes opening after stop() is closed at once: a connection left open kept
   * the process alive after SIGTERM (seen: a dashboard that never exited, the TLS deployment's test
   * waiting 140 s for it).
   */
  async connection(): Promise<RedisClient> {
    if (!('target' in this.live)) throw new InputError(this.live.error);
    if (this.client) return this.client;
    this.opening ??= openRedis(this.live.target).finally(() => {
      this.opening = undefined;
    });
    const client = await this.opening;
    if (this.stopped) {
      client.disconnect();
      throw new Error('the dashboard is stopping');
    }
    this.client ??= client;
    return this.client;
  }

  /** Reads once now (and then every interval until stop). */
  async start(): Promise<void> {
    await this.update();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    const started = this.now();
    this.timer = setTimeout(() => {
      void this.update().finally(() => this.schedule());
    }, Math.max(0, this.options.intervalMs - (this.now() - started)));
  }

  async update(): Promise<DashboardState> {
    const started = performance.now();
    let state: DashboardState;
    let readMs = 0;
    try {
      const reading = await this.read();
      readMs = performance.now() - started;
      const latest = totalsOf(reading.series, reading.nowMs);
      this.samples = addSample(this.samples, latest);
      state = dashboardState(reading, this.viewContext(readMs, latest));
    } catch (error) {
      this.dropClient();
      readMs = performance.now() - started;
      state = downState(this.explain(error as Error & { code?: string }), this.viewContext(readMs, null));
    }
    this.lastUpdate = { readMs, buildMs: performance.now() - started - readMs };
    if (state.error !== this.lastError) this.options.log(state.error ? `n8n-lock dashboard: Redis unreadable: ${state.error}` : 'n8n-lock dashboard: Redis readable again');
    this.lastError = state.error;
    this.state = state;
    for (const listener of this.listeners) listener(state);
    return state;
  }

  /**
   * One reading. A kept connection that fails is opened afresh once at once: a Redis that was
   * stopped answers the new connection with the real cause (refused), not the dropped one's.
   */
  private async read() {
    const kept = this.client !== undefined;
    try {
      return await readDashboard(await this.connection(), this.now);
    } catch (error) {
      if (!kept) throw error;
      this.dropClient();
      return readDashboard(await this.connection(), this.now);
    }
  }

  /** Why Redis could not be read, naming where its URL came from (the flag or variable to fix). */
  private explain(error: Error & { code?: string }): string {
    if (!('target' in this.live)) return this.live.error;
    const { target, source } = this.live;
    const cause = error instanceof InputError ? error.message : `Redis at ${target.display}: ${describeRedisError(error, COMMAND_TIMEOUT_MS, target.tls)}`;
    return `${cause} (the URL is from ${source === 'default' ? 'the default: no --redis-url, variable or --env' : source}); retrying every ${this.options.intervalMs} ms`;
  }

  private dropClient(): void {
    this.client?.disconnect();
    this.client = undefined;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.dropClient();
    this.listeners.clear();
  }
}
