// One throwaway n8n 2.x: its own user folder (encryption key), free ports, a clean environment.
// Regular mode: one `n8n start` on SQLite. Queue mode: `n8n start` (main: webhooks, triggers) plus
// N `n8n worker` processes that run the executions from a Bull queue on the harness's redis-server
// (db index 1, apart from the locks' keys in db 0), all on one throwaway PostgreSQL database.
// CLI commands (import, publish) run with n8n stopped or on their own broker port.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isoTimestamp, PostgresDatabase, SqliteDatabase, sqliteFile, type N8nDatabase } from './database.js';
import { N8N_1X, type N8nInstall } from './install.js';
import { Background, runCommand } from './proc.js';
import { FatalWait, fetchAgainIfStale, freePorts, log, seconds, waitFor } from './util.js';

/** How n8n runs: one process on SQLite, or main + workers on PostgreSQL with a Bull queue in Redis. */
export type E2eMode = 'regular' | 'queue';

export interface WebhookResponse {
  status: number;
  body: any;
  /** Round trip in milliseconds, request sent to body read. */
  ms: number;
}

export type Query = Record<string, string | number | boolean>;

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** One execution as n8n stored it (read from its database). */
export interface ExecutionSummary {
  id: number;
  workflowId: string;
  status: string;
  mode: string;
  startedAt: string | null;
  stoppedAt: string | null;
  lastNodeExecuted?: string;
  /**
   * The execution's error and the node that threw it. For a failed sub-workflow call that is the
   * sub-workflow's node (e.g. "Stop and Error"), while lastNodeExecuted is the caller's Execute
   * Workflow node.
   */
  error?: { message: string; description?: string; name?: string; node?: string };
}

export type PublishMode = 'cli' | 'sql';

/** n8n wants 16-character workflow ids when they are fixed by the importer. */
export const WORKFLOW_ID = /^[A-Za-z0-9]{16}$/;

export interface N8nOptions {
  /** Extra environment for n8n and its CLI (e.g. N8N_LOG_LEVEL=debug). */
  env?: Record<string, string>;
  /** 'regular' (default) or 'queue'. */
  mode?: E2eMode;
  /** Queue mode: how many `n8n worker` processes (default 2). */
  workers?: number;
  /** Queue mode: executions one worker runs at once (`n8n worker --concurrency`, default 10). */
  concurrency?: number;
  /** Queue mode: extra environment for the workers only (the harness's own tests use it to break one). */
  workerEnv?: Record<string, string>;
}

/** Where a queue-mode n8n keeps its Bull queue. */
export interface QueueRedis {
  host: string;
  port: number;
}

/**
 * One n8n process (`n8n start` or `n8n worker`) in its own process group: its ports, its log, a
 * start that waits for its readiness URL and fails at once (with the log's last error line) when
 * the process exits, and a retry on new ports when a port was taken between picking and binding.
 */
class N8nProcess {
  private background?: Background;
  ports: Record<string, number> = {};

  constructor(
    readonly label: string,
    private readonly install: N8nInstall,
    private readonly args: string[],
    readonly logFile: string,
    /** The environment for the given ports. */
    private readonly envFor: (ports: Record<string, number>) => NodeJS.ProcessEnv,
    private readonly portNames: string[],
  ) {
    writeFileSync(this.logFile, '');
  }

  async pickPorts(): Promise<void> {
    const picked = await freePorts(this.portNames.length);
    this.ports = Object.fromEntries(this.portNames.map((name, i) => [name, picked[i]]));
  }

  get pid(): number | undefined {
    return this.background?.pid;
  }

  get running(): boolean {
    return this.background?.running ?? false;
  }

  logText(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  logTail(lines = 30): string {
    return this.logText().trimEnd().split('\n').slice(-lines).join('\n');
  }

  /** The last line of the log that says what went wrong (n8n prints its reason before it exits). */
  lastErrorLine(): string {
    const lines = this.logText().trimEnd().split('\n').map((l) => l.trim()).filter(Boolean);
    return [...lines].reverse().find((l) => /error|fail|refused|cannot|could not|in use/i.test(l) && !/^\s*at /.test(l)) ?? lines.at(-1) ?? '(empty log)';
  }

  /**
   * Starts the process and waits until `ready()` says so. A process that exits during start fails
   * with one line: its label, its exit and the log's last error line (the whole log stays on disk).
   */
  async start(ready: (exitedEarly: () => void) => Promise<void>): Promise<number> {
    if (this.running) throw new Error(`${this.label} is already running`);
    if (!Object.keys(this.ports).length) await this.pickPorts();
    for (let attempt = 1; ; attempt++) {
      const logStart = this.logText().length;
      const started = Date.now();
      writeFileSync(this.logFile, `\n[harness] ${this.label} start at ${new Date().toISOString()}\n`, { flag: 'a' });
      const background = new Background(this.label, this.install.nodeBin, [this.install.n8nBin, ...this.args], { env: this.envFor(this.ports), logFile: this.logFile });
      this.background = background;
      const exitedEarly = () => {
        if (!background.running) throw new FatalWait(`${this.label} exited during start (exit ${background.child.exitCode ?? background.child.signalCode}): ${this.lastErrorLine()} (log: ${this.logFile})`);
      };
      try {
        await ready(exitedEarly);
        return Date.now() - started;
      } catch (error) {
        await this.stop();
        // A free port picked earlier can be taken meanwhile (another harness): new ports, up to twice.
        if (attempt < 3 && /EADDRINUSE|already in use/.test(this.logText().slice(logStart))) {
          await this.pickPorts();
          log(`${this.label} could not bind its ports; retrying on ${Object.entries(this.ports).map(([k, v]) => `${k} ${v}`).join(', ')}`);
          continue;
        }
        if (error instanceof FatalWait) throw error;
        throw new Error(`${(error as Error).message} (${this.label}; log: ${this.logFile})`);
      }
    }
  }

  async stop(graceMs = 20_000): Promise<void> {
    await this.background?.stop(graceMs);
  }

  async kill(): Promise<void> {
    await this.background?.kill();
  }
}

/** Polls an HTTP readiness URL until it answers 2xx. */
async function waitForReadiness(what: string, url: () => string, timeoutMs: number, exitedEarly: () => void): Promise<void> {
  await waitFor(what, timeoutMs, async () => {
    exitedEarly();
    const res = await fetch(url(), { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
    await res?.arrayBuffer().catch(() => undefined);
    return res?.ok ? true : undefined;
  }, 250);
}

/** `$1, $2, ...` for a list of parameters. */
const placeholders = (values: unknown[]) => values.map((_, i) => `$${i + 1}`).join(', ');

/** A queue-mode worker: `n8n worker`, its health endpoint, and the executions its log says it ran. */
export class N8nWorker {
  readonly process: N8nProcess;
  /**
   * Each worker has its own user folder, as a worker on another host or container does: n8n's
   * community-package installer puts what a worker runs into that worker's folder.
   */
  readonly userFolder: string;

  constructor(readonly index: number, install: N8nInstall, dir: string, baseEnv: () => NodeJS.ProcessEnv, concurrency: number, extraEnv: Record<string, string> = {}) {
    this.userFolder = join(dir, `n8n-worker-${index}`);
    mkdirSync(this.userFolder, { recursive: true });
    this.process = new N8nProcess(
      `n8n worker ${index}`,
      install,
      ['worker', `--concurrency=${concurrency}`],
      join(dir, `n8n-worker-${index}.log`),
      (ports) => ({
        ...baseEnv(),
        N8N_USER_FOLDER: this.userFolder,
        N8N_PORT: String(ports.port),
        N8N_RUNNERS_BROKER_PORT: String(ports.broker),
        QUEUE_HEALTH_CHECK_ACTIVE: 'true',
        QUEUE_HEALTH_CHECK_PORT: String(ports.health),
        N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
        ...extraEnv,
      }),
      ['port', 'broker', 'health'],
    );
  }

  get name(): string {
    return this.process.label;
  }

  get pid(): number | undefined {
    return this.process.pid;
  }

  get running(): boolean {
    return this.process.running;
  }

  get logFile(): string {
    return this.process.logFile;
  }

  /** Starts the worker; resolves when its /healthz/readiness answers (database, Redis and queue ready). */
  async start(timeoutMs = 180_000): Promise<number> {
    const ms = await this.process.start((exitedEarly) =>
      waitForReadiness(`${this.name} /healthz/readiness`, () => `http://127.0.0.1:${this.process.ports.health}/healthz/readiness`, timeoutMs, exitedEarly),
    );
    log(`${this.name} ready (pid ${this.pid}, health port ${this.process.ports.health}, ${seconds(ms)})`);
    return ms;
  }

  /** Execution ids this worker started, from its log (`Worker started execution N (job M)`). */
  executions(): number[] {
    return [...this.process.logText().matchAll(/Worker started execution (\d+) \(job /g)].map((m) => Number(m[1]));
  }

  stop(): Promise<void> {
    return this.process.stop();
  }

  /** A crash: SIGKILL to the worker's process group (its task runner too). */
  kill(): Promise<void> {
    return this.process.kill();
  }
}

export class N8nServer {
  readonly mode: E2eMode;
  private main?: N8nProcess;
  readonly workers: N8nWorker[] = [];
  cliBrokerPort = 0;
  version = '';
  private env: NodeJS.ProcessEnv = {};
  readonly userFolder: string;
  readonly logFile: string;
  readonly cliLogFile: string;
  private importCount = 0;
  private db?: N8nDatabase;

  constructor(readonly install: N8nInstall, readonly dir: string, private readonly options: N8nOptions = {}) {
    this.mode = options.mode ?? 'regular';
    this.userFolder = join(dir, 'n8n');
    this.logFile = join(dir, 'n8n.log');
    this.cliLogFile = join(dir, 'n8n-cli.log');
  }

  /** n8n's database: SQLite in regular mode, the throwaway PostgreSQL database in queue mode. */
  get database(): N8nDatabase {
    if (!this.db) throw new Error('N8nServer.prepare() must run before the database is used');
    return this.db;
  }

  get port(): number {
    return this.main?.ports.port ?? 0;
  }

  get brokerPort(): number {
    return this.main?.ports.broker ?? 0;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.main?.pid;
  }

  get running(): boolean {
    return this.main?.running ?? false;
  }

  /**
   * Picks ports and makes the database (queue mode: a throwaway PostgreSQL database, whose absence
   * fails here with one line), writes nothing else yet; prints `n8n <version>`.
   */
  async prepare(queueRedis?: QueueRedis): Promise<number> {
    const started = Date.now();
    mkdirSync(this.userFolder, { recursive: true });
    writeFileSync(this.cliLogFile, '');
    if (this.mode === 'queue') {
      if (!queueRedis) throw new Error('queue mode needs the Redis that holds the Bull queue');
      this.db = await PostgresDatabase.create();
    } else {
      this.db = new SqliteDatabase(this.install, sqliteFile(this.userFolder));
    }
    // A clean environment, not the harness's: under vitest NODE_ENV=test, and n8n then exits 1 at
    // start without a word. HOME too is throwaway, so nothing lands in the real home.
    this.env = {
      HOME: this.dir,
      LANG: process.env.LANG ?? 'C.UTF-8',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      PATH: this.install.path,
      N8N_USER_FOLDER: this.userFolder,
      ...this.db.env(),
      N8N_ENCRYPTION_KEY: 'n8n-lock-e2e-fixed-key-000000001',
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      // Else it reaches for api.n8n.io at start (2.x: n8n 1.x has no such module and refuses the name).
      ...(N8N_1X ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
      // n8n 1.x runs Code nodes in-process unless task runners are on, and 1.123.81's default
      // expression engine (vm) then cannot read an Execute Workflow node's output with
      // $('Node').first(): "#<Object> could not be cloned", which breaks every release that reads
      // its acquire. With runners on (2.x's only mode) it reads it; so 1.123 is supported with them.
      ...(N8N_1X ? { N8N_RUNNERS_ENABLED: 'true' } : {}),
      N8N_SECURE_COOKIE: 'false',
      GENERIC_TIMEZONE: 'UTC',
      // The reconciler that activates published workflows polls every second instead of ~15 s.
      N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
      N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
      N8N_LOG_LEVEL: 'info',
      ...(this.mode === 'queue'
        ? {
            EXECUTIONS_MODE: 'queue',
            QUEUE_BULL_REDIS_HOST: queueRedis!.host,
            QUEUE_BULL_REDIS_PORT: String(queueRedis!.port),
            // The queue's keys in their own db index, apart from the locks' keys in db 0.
            QUEUE_BULL_REDIS_DB: '1',
          }
        : {}),
      ...this.options.env,
    };
    this.main = new N8nProcess('n8n start', this.install, ['start'], this.logFile, (ports) => ({ ...this.env, N8N_PORT: String(ports.port), N8N_RUNNERS_BROKER_PORT: String(ports.broker) }), ['port', 'broker']);
    await this.main.pickPorts();
    [this.cliBrokerPort] = await freePorts(1);
    if (this.mode === 'queue') {
      const count = this.options.workers ?? 2;
      for (let i = 1; i <= count; i++) this.workers.push(new N8nWorker(i, this.install, this.dir, () => this.env, this.options.concurrency ?? 10, this.options.workerEnv));
    }
    this.version = (await this.cli(['--version'], 'n8n --version', 60_000)).trim().split('\n').pop()!.trim();
    const nodeVersion = (await runCommand(this.install.nodeBin, ['--version'], { label: 'node --version', timeoutMs: 30_000 })).stdout.trim();
    log(
      `n8n ${this.version} in ${this.mode} mode (node ${nodeVersion}; ${this.db.kind} ${this.db.description}; user folder ${this.userFolder}; port ${this.port}, broker ${this.brokerPort}, CLI broker ${this.cliBrokerPort}` +
        `${this.workers.length ? `; ${this.workers.length} workers` : ''})`,
    );
    return Date.now() - started;
  }

  /**
   * An n8n CLI command (boots most of n8n: 2-4 s, ~1 GB). Its own task-broker port, so it never
   * clashes with a running `n8n start`. All output is read to the end and kept in n8n-cli.log.
   */
  async cli(args: string[], label = `n8n ${args.join(' ')}`, timeoutMs = 180_000): Promise<string> {
    if (!this.env.N8N_USER_FOLDER) throw new Error('N8nServer.prepare() must run before any n8n command (else n8n writes ~/.n8n)');
    const result = await runCommand(this.install.nodeBin, [this.install.n8nBin, ...args], {
      label,
      env: { ...this.env, N8N_RUNNERS_BROKER_PORT: String(this.cliBrokerPort) },
      timeoutMs,
      logFile: this.cliLogFile,
    });
    // Some n8n commands log an error and still exit 0.
    const failure = /^(Error[: ].*|.*There was an error.*|.*Error updating database.*)$/m.exec(result.stdout + result.stderr);
    if (failure) throw new Error(`${label} reported: ${failure[0]}\n${(result.stdout + result.stderr).trim().split('\n').slice(-10).join('\n')}`);
    return result.stdout;
  }

  /** Credentials as plain data (n8n encrypts them): `[{ id, name, type, data }]`. */
  async importCredentials(credentials: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>): Promise<number> {
    const started = Date.now();
    const file = join(this.dir, `credentials-${++this.importCount}.json`);
    writeFileSync(file, JSON.stringify(credentials, null, 2));
    await this.cli(['import:credentials', `--input=${file}`], 'n8n import:credentials');
    log(`imported ${credentials.length} credential(s) (${seconds(Date.now() - started)})`);
    return Date.now() - started;
  }

  /** The credential of the throwaway Redis. */
  redisCredential(id: string, name: string, port: number) {
    return { id, name, type: 'redis', data: { host: '127.0.0.1', port, database: 0, user: '', password: '', ssl: false } };
  }

  /**
   * Imports workflows (objects, each with a fixed 16-character `id`, or a directory of such
   * files) with `import:workflow --separate`. Imported workflows are unpublished in n8n 2.x.
   */
  async importWorkflows(source: string | Array<Record<string, unknown>>): Promise<{ ids: string[]; ms: number }> {
    const started = Date.now();
    let dir: string;
    if (typeof source === 'string') dir = source;
    else {
      dir = join(this.dir, `workflows-${++this.importCount}`);
      mkdirSync(dir, { recursive: true });
      for (const wf of source) writeFileSync(join(dir, `${String(wf.id)}.json`), JSON.stringify(wf, null, 2));
    }
    const ids: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      const wf = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (typeof wf.id !== 'string' || !WORKFLOW_ID.test(wf.id)) throw new Error(`${file}: the harness imports workflows with a fixed 16-character id, got ${JSON.stringify(wf.id)}`);
      ids.push(wf.id);
    }
    if (ids.length === 0) throw new Error(`no workflow files in ${dir}`);
    await this.cli(['import:workflow', '--separate', `--input=${dir}`], 'n8n import:workflow');
    const ms = Date.now() - started;
    log(`imported ${ids.length} workflow(s) (${seconds(ms)})`);
    return { ids, ms };
  }

  /**
   * Publishes workflows: production executions (webhook, sub-workflow, error workflow) only run
   * published versions. 'cli' runs `n8n publish:workflow` per id (the supported path, ~2-4 s each);
   * 'sql' does what that command does (publishVersion: active, activeVersionId = versionId) in one
   * transaction, with n8n stopped. Both are verified afterwards by reading the database. n8n 1.123
   * stores versions the same way but has no publish command: `n8n update:workflow --active=true`.
   */
  async publish(ids: string[], mode: PublishMode = (process.env.N8N_LOCK_E2E_PUBLISH as PublishMode) || 'cli'): Promise<number> {
    const started = Date.now();
    if (mode === 'sql') {
      if (this.running) throw new Error('publish via SQL only while n8n is stopped (a running n8n does not see it)');
      const publishable = await this.database.query<{ id: string }>(
        `SELECT w.id FROM workflow_entity w JOIN workflow_history h ON h."workflowId" = w.id AND h."versionId" = w."versionId" WHERE w.id IN (${placeholders(ids)}) AND w."isArchived" = FALSE`,
        ids,
      );
      const missing = ids.filter((id) => !publishable.some((row) => row.id === id));
      if (missing.length) throw new Error(`not publishable (unknown, archived or without a history version): ${missing.join(', ')}`);
      const [first, ...rest] = ids.map((id): [string, unknown[]] => ['UPDATE workflow_entity SET active = TRUE, "activeVersionId" = "versionId", "updatedAt" = CURRENT_TIMESTAMP WHERE id = $1', [id]]);
      await this.database.query(first[0], first[1], ...rest);
    } else {
      for (const id of ids) {
        const args = N8N_1X ? ['update:workflow', `--id=${id}`, '--active=true'] : ['publish:workflow', `--id=${id}`];
        await this.cli(args, `n8n ${args.join(' ')}`);
      }
    }
    const rows = await this.database.query<{ id: string; active: unknown; activeVersionId: string | null; versionId: string }>(
      `SELECT id, active, "activeVersionId", "versionId" FROM workflow_entity WHERE id IN (${placeholders(ids)})`,
      ids,
    );
    const unpublished = ids.filter((id) => {
      const row = rows.find((r) => r.id === id);
      return !row || !row.active || row.activeVersionId !== row.versionId;
    });
    if (unpublished.length) throw new Error(`publish (${mode}) left these workflows unpublished: ${unpublished.join(', ')}`);
    const ms = Date.now() - started;
    log(`published ${ids.length} workflow(s) via ${mode} (${seconds(ms)})`);
    return ms;
  }

  /**
   * `n8n start` in the background; resolves when /healthz/readiness answers, every given webhook
   * is registered (its CORS preflight answers 204: that executes nothing) and, in queue mode, every
   * worker is ready. On any failure everything this call started is stopped again.
   */
  async start(webhookPaths: string[] = [], timeouts = { readinessMs: 180_000, webhooksMs: 120_000 }): Promise<{ readyMs: number; webhooksMs: number; workersMs: number }> {
    if (!this.main) throw new Error('N8nServer.prepare() must run before start()');
    let readyMs = 0;
    const started = Date.now();
    await this.main.start(async (exitedEarly) => {
      await waitForReadiness('n8n /healthz/readiness', () => `${this.baseUrl}/healthz/readiness`, timeouts.readinessMs, exitedEarly);
      // n8n 1.x answers readiness before its REST controllers are registered (POST
      // /rest/owner/setup: 404 "Cannot POST"); /rest/settings, which the login page reads
      // unauthenticated, answers once they are.
      if (N8N_1X) await waitForReadiness('n8n /rest/settings', () => `${this.baseUrl}/rest/settings`, timeouts.readinessMs, exitedEarly);
      readyMs = Date.now() - started;
      // Readiness comes before triggers are active; webhooks register asynchronously.
      await Promise.all(
        webhookPaths.map((path) =>
          waitFor(`webhook /webhook/${path} to be registered (OPTIONS -> 204)`, timeouts.webhooksMs, async () => {
            exitedEarly();
            return (await this.preflight(path)) === 204 ? true : undefined;
          }, 250),
        ),
      );
    });
    const webhooksMs = Date.now() - started - readyMs;
    log(`n8n ready on ${this.baseUrl} (pid ${this.pid}): readiness ${seconds(readyMs)}, ${webhookPaths.length} webhook(s) +${seconds(webhooksMs)}`);
    const workersStarted = Date.now();
    try {
      // After main: main runs the database migrations, the workers then find them done.
      await Promise.all(this.workers.filter((w) => !w.running).map((w) => w.start(timeouts.readinessMs)));
    } catch (error) {
      await this.stop();
      throw error;
    }
    return { readyMs, webhooksMs, workersMs: Date.now() - workersStarted };
  }

  /** Waits until every given production webhook is registered (after a publish through the API). */
  async waitForWebhooks(webhookPaths: string[], timeoutMs = 120_000, method = 'GET'): Promise<number> {
    const started = Date.now();
    await Promise.all(webhookPaths.map((path) => waitFor(`webhook /webhook/${path} to be registered (OPTIONS for ${method} -> 204)`, timeoutMs, async () => ((await this.preflight(path, method)) === 204 ? true : undefined), 250)));
    return Date.now() - started;
  }

  /** The CORS preflight of a production webhook: 204 once registered, 404 before. */
  async preflight(path: string, method = 'GET'): Promise<number | undefined> {
    const res = await fetch(`${this.baseUrl}/webhook/${path}`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1', 'Access-Control-Request-Method': method },
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
    await res?.arrayBuffer().catch(() => undefined);
    return res?.status;
  }

  /** Calls a production webhook and times the round trip. A workflow error shows as HTTP 500 {"message":"Error in workflow"}. */
  async call(path: string, query: Query = {}, opts: CallOptions = {}): Promise<WebhookResponse> {
    const url = new URL(`${this.baseUrl}/webhook/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const started = performance.now();
    const request = () => fetch(url, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000) });
    let res: Response;
    try {
      res = await fetchAgainIfStale(request);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      // No answer at all: say what n8n was doing, so a rare hang can be told from a slow run.
      throw new Error(`webhook ${path}: no answer within ${((performance.now() - started) / 1000).toFixed(1)} s; ${await this.unfinishedExecutions()}`, { cause: error });
    }
    const text = await res.text();
    const ms = performance.now() - started;
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed, ms };
  }

  /** n8n stores run data with `flatted`; the harness parses it with n8n's own copy. */
  private parseRunData(text: unknown): any {
    if (typeof text !== 'string' || !text) return {};
    const { parse } = createRequire(join(this.install.appDir, 'package.json'))('flatted') as { parse: (s: string) => any };
    return parse(text);
  }

  /** The newest executions of a workflow (newest first), with error message and blamed node. */
  async executions(workflowId: string, options: { limit?: number; afterId?: number } = {}): Promise<ExecutionSummary[]> {
    return this.executionSummaries('e."workflowId" = $1 AND e.id > $2', [workflowId, options.afterId ?? 0], options.limit ?? 20);
  }

  /**
   * When each execution of a workflow ran, without its data (cheap for thousands of executions),
   * oldest first: the queue suite measures overlaps and gaps from these.
   */
  async executionTimes(workflowId: string, afterId = 0): Promise<Array<{ id: number; status: string; startedAt: number; stoppedAt: number | null }>> {
    const rows = await this.database.query('SELECT id, status, "startedAt", "stoppedAt" FROM execution_entity WHERE "workflowId" = $1 AND id > $2 ORDER BY id', [workflowId, afterId]);
    return rows.map((row) => ({ id: Number(row.id), status: String(row.status), startedAt: Date.parse(isoTimestamp(row.startedAt) ?? ''), stoppedAt: row.stoppedAt ? Date.parse(isoTimestamp(row.stoppedAt)!) : null }));
  }

  /** Executions matching a condition on execution_entity `e`, newest first, as summaries. */
  private async executionSummaries(where: string, params: unknown[], limit: number): Promise<ExecutionSummary[]> {
    const rows = await this.database.query(
      `SELECT e.id, e."workflowId", e.status, e.mode, e."startedAt", e."stoppedAt", d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE ${where} ORDER BY e.id DESC LIMIT $${params.length + 1}`,
      [...params, limit],
    );
    return rows.map((row) => {
      const result = this.parseRunData(row.data).resultData ?? {};
      const e = result.error;
      const error = e ? { message: e.message, description: e.description || undefined, name: e.name, node: e.node?.name || result.lastNodeExecuted } : undefined;
      return {
        id: Number(row.id),
        workflowId: String(row.workflowId),
        status: String(row.status),
        mode: String(row.mode),
        startedAt: isoTimestamp(row.startedAt),
        stoppedAt: isoTimestamp(row.stoppedAt),
        lastNodeExecuted: result.lastNodeExecuted,
        error,
      };
    });
  }

  /**
   * When each node of recent executions of a workflow started and how long it ran (n8n's own run
   * data: `startTime` epoch ms, `executionTime` ms; the first run of each node), newest first.
   */
  async nodeTimings(workflowId: string, options: { limit?: number; afterId?: number } = {}): Promise<Array<{ id: number; nodes: Record<string, { start: number; ms: number; json?: Record<string, any> }> }>> {
    const rows = await this.database.query(
      'SELECT e.id, d.data FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1 AND e.id > $2 ORDER BY e.id DESC LIMIT $3',
      [workflowId, options.afterId ?? 0, options.limit ?? 50],
    );
    return rows.map((row) => {
      const runData = this.parseRunData(row.data).resultData?.runData ?? {};
      const nodes: Record<string, { start: number; ms: number; json?: Record<string, any> }> = {};
      for (const [name, runs] of Object.entries(runData as Record<string, Array<{ startTime: number; executionTime: number; data?: { main?: Array<Array<{ json: Record<string, any> }>> } }>>)) {
        if (runs?.[0]) nodes[name] = { start: Number(runs[0].startTime), ms: Number(runs[0].executionTime), json: runs[0].data?.main?.[0]?.[0]?.json };
      }
      return { id: Number(row.id), nodes };
    });
  }

  /**
   * What n8n stored for recent executions of a workflow: the length of `execution_data.data` (the
   * run data as saved, in characters of its flatted JSON: bytes, since it is ASCII) and how many
   * times each node ran, newest first. The data is read in batches of at most 1.5 MB: a query's
   * output is kept up to 4 MB, and twenty executions that polled for a minute pass that.
   */
  async executionDataSizes(workflowId: string, options: { limit?: number; afterId?: number } = {}): Promise<Array<{ id: number; bytes: number; runs: Record<string, number> }>> {
    const rows = await this.database.query(
      'SELECT e.id, length(d.data) AS bytes FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1 AND e.id > $2 ORDER BY e.id DESC LIMIT $3',
      [workflowId, options.afterId ?? 0, options.limit ?? 50],
    );
    const sizes = rows.map((row) => ({ id: Number(row.id), bytes: Number(row.bytes ?? 0), runs: {} as Record<string, number> }));
    const batches: Array<{ sizes: typeof sizes; bytes: number }> = [];
    for (const size of sizes) {
      const last = batches[batches.length - 1];
      if (last && last.bytes + size.bytes <= 1.5 * 1024 * 1024) {
        last.sizes.push(size);
        last.bytes += size.bytes;
      } else batches.push({ sizes: [size], bytes: size.bytes });
    }
    const byId = new Map(sizes.map((s) => [s.id, s]));
    for (const { sizes: batch } of batches) {
      const stored = await this.database.query(`SELECT "executionId" AS id, data FROM execution_data WHERE "executionId" IN (${batch.map((_, i) => `$${i + 1}`).join(', ')})`, batch.map((s) => s.id));
      for (const row of stored) {
        const runData = (this.parseRunData(row.data).resultData?.runData ?? {}) as Record<string, unknown[]>;
        const size = byId.get(Number(row.id));
        if (size) size.runs = Object.fromEntries(Object.entries(runData).map(([name, list]) => [name, Array.isArray(list) ? list.length : 0]));
      }
    }
    return sizes;
  }

  /** Waits for a finished execution of the workflow newer than `afterId` (n8n may save it after the HTTP response). */
  async waitForExecution(workflowId: string, afterId = 0, timeoutMs = 15_000): Promise<ExecutionSummary> {
    return waitFor(`a finished execution of ${workflowId} after #${afterId}`, timeoutMs, async () => {
      const [newest] = await this.executions(workflowId, { afterId, limit: 1 });
      return newest && !['new', 'running', 'waiting'].includes(newest.status) ? newest : undefined;
    }, 200);
  }

  /** The error message of the newest failed execution of a workflow (a webhook caller only sees HTTP 500). */
  async lastErrorMessage(workflowId: string): Promise<string | undefined> {
    const failed = (await this.executions(workflowId, { limit: 50 })).find((e) => e.status === 'error' || e.status === 'crashed');
    return failed?.error?.message;
  }

  /** Newest execution id across all workflows (0 if none): a bookmark for waitForExecution. */
  async lastExecutionId(): Promise<number> {
    const [row] = await this.database.query<{ id: unknown }>('SELECT MAX(id) AS id FROM execution_entity');
    return Number(row?.id ?? 0);
  }

  /** The executions n8n has not finished (new, running, waiting): id, workflow, status, last node, worker. */
  async unfinishedExecutions(): Promise<string> {
    try {
      const unfinished = await this.executionSummaries(`e.status IN ('new', 'running', 'waiting')`, [], 20);
      if (unfinished.length === 0) return 'n8n holds no unfinished execution (its answer was lost, or the execution never started)';
      const described = unfinished.map(({ id, workflowId, status, lastNodeExecuted }) => {
        const worker = this.workerOf(id);
        return `#${id} of ${workflowId} ${status}${lastNodeExecuted ? ` after ${lastNodeExecuted}` : ''}${worker ? ` on ${worker.name}` : ''}`;
      });
      return `unfinished executions: ${described.join(', ')}`;
    } catch (error) {
      return `the executions could not be read (${(error as Error).message})`;
    }
  }

  /** Queue mode: the worker whose log says it started this execution. */
  workerOf(executionId: number | string): N8nWorker | undefined {
    return this.workers.find((w) => w.executions().includes(Number(executionId)));
  }

  /** Queue mode: how many executions each worker has started so far (from their logs). */
  jobsPerWorker(): number[] {
    return this.workers.map((w) => w.executions().length);
  }

  /** Stops workers, then main, gracefully (SIGTERM to each process group; SIGKILL after 20 s). */
  async stop(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.stop()));
    await this.main?.stop();
  }

  /** Removes the database the harness made for this n8n (PostgreSQL: dropped unless kept). */
  async dispose(options: { keep?: boolean } = {}): Promise<void> {
    await this.db?.dispose(options);
  }

  /** Kills n8n main hard (a crash): no graceful shutdown, running executions die with it. */
  async kill(): Promise<void> {
    await this.main?.kill();
  }

  logText(): string {
    return this.main?.logText() ?? '';
  }

  logTail(lines = 30): string {
    return this.main?.logTail(lines) ?? '';
  }
}
