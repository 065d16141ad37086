// One throwaway n8n 2.x: its own user folder (SQLite database, encryption key), free ports, a clean
// environment. CLI commands (import, publish) run with n8n stopped or on their own broker port.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { N8nInstall } from './install.js';
import { Background, runCommand } from './proc.js';
import { FatalWait, freePorts, log, seconds, waitFor } from './util.js';

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

/** One execution as n8n stored it (read from its SQLite database). */
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
}

export class N8nServer {
  private server?: Background;
  port = 0;
  brokerPort = 0;
  cliBrokerPort = 0;
  version = '';
  private env: NodeJS.ProcessEnv = {};
  readonly userFolder: string;
  readonly logFile: string;
  readonly cliLogFile: string;
  private importCount = 0;

  constructor(readonly install: N8nInstall, readonly dir: string, private readonly options: N8nOptions = {}) {
    this.userFolder = join(dir, 'n8n');
    this.logFile = join(dir, 'n8n.log');
    this.cliLogFile = join(dir, 'n8n-cli.log');
  }

  get dbFile(): string {
    return join(this.userFolder, '.n8n', 'database.sqlite');
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.server?.pid;
  }

  get running(): boolean {
    return this.server?.running ?? false;
  }

  /** Picks ports, writes nothing yet; prints `n8n <version>`. */
  async prepare(): Promise<number> {
    const started = Date.now();
    [this.port, this.brokerPort, this.cliBrokerPort] = await freePorts(3);
    mkdirSync(this.userFolder, { recursive: true });
    writeFileSync(this.logFile, '');
    writeFileSync(this.cliLogFile, '');
    // A clean environment, not the harness's: under vitest NODE_ENV=test, and n8n then exits 1 at
    // start without a word. HOME too is throwaway, so nothing lands in the real home.
    this.env = {
      HOME: this.dir,
      LANG: process.env.LANG ?? 'C.UTF-8',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      PATH: this.install.path,
      N8N_USER_FOLDER: this.userFolder,
      DB_TYPE: 'sqlite',
      N8N_ENCRYPTION_KEY: 'n8n-lock-e2e-fixed-key-000000001',
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_PORT: String(this.port),
      N8N_RUNNERS_BROKER_PORT: String(this.brokerPort),
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      // Else it reaches for api.n8n.io at start.
      N8N_DISABLED_MODULES: 'mcp-registry',
      N8N_SECURE_COOKIE: 'false',
      GENERIC_TIMEZONE: 'UTC',
      // The reconciler that activates published workflows polls every second instead of ~15 s.
      N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
      N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '10',
      N8N_LOG_LEVEL: 'info',
      ...this.options.env,
    };
    this.version = (await this.cli(['--version'], 'n8n --version', 60_000)).trim().split('\n').pop()!.trim();
    const nodeVersion = (await runCommand(this.install.nodeBin, ['--version'], { label: 'node --version', timeoutMs: 30_000 })).stdout.trim();
    log(`n8n ${this.version} (node ${nodeVersion}; user folder ${this.userFolder}; port ${this.port}, broker ${this.brokerPort}, CLI broker ${this.cliBrokerPort})`);
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
   * 'sql' does what that command does (publishVersion: active=1, activeVersionId=versionId) in one
   * UPDATE, with n8n stopped. Both are verified afterwards by reading the database.
   */
  async publish(ids: string[], mode: PublishMode = (process.env.N8N_LOCK_E2E_PUBLISH as PublishMode) || 'cli'): Promise<number> {
    const started = Date.now();
    if (mode === 'sql') {
      if (this.running) throw new Error('publish via SQL only while n8n is stopped (a running n8n does not see it)');
      await this.sqlite(
        `const ids = ${JSON.stringify(ids)};
         const versions = db.prepare('SELECT w.id FROM workflow_entity w JOIN workflow_history h ON h.workflowId = w.id AND h.versionId = w.versionId WHERE w.id = ? AND w.isArchived = 0');
         const missing = ids.filter((id) => !versions.get(id));
         if (missing.length) throw new Error('not publishable (unknown, archived or without a history version): ' + missing.join(', '));
         const update = db.prepare("UPDATE workflow_entity SET active = 1, activeVersionId = versionId, updatedAt = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW') WHERE id = ?");
         db.exec('BEGIN'); for (const id of ids) update.run(id); db.exec('COMMIT');
         out(ids.length);`,
        'publish workflows (SQL)',
      );
    } else {
      for (const id of ids) await this.cli(['publish:workflow', `--id=${id}`], `n8n publish:workflow --id=${id}`);
    }
    const unpublished: string[] = await this.sqlite(
      `const ids = ${JSON.stringify(ids)};
       const row = db.prepare('SELECT active, activeVersionId, versionId FROM workflow_entity WHERE id = ?');
       out(ids.filter((id) => { const r = row.get(id); return !r || !r.active || r.activeVersionId !== r.versionId; }));`,
      'check published workflows',
    );
    if (unpublished.length) throw new Error(`publish (${mode}) left these workflows unpublished: ${unpublished.join(', ')}`);
    const ms = Date.now() - started;
    log(`published ${ids.length} workflow(s) via ${mode} (${seconds(ms)})`);
    return ms;
  }

  /**
   * `n8n start` in the background; resolves when /healthz/readiness answers and every given
   * webhook is registered (its CORS preflight answers 204: that executes nothing).
   */
  async start(webhookPaths: string[] = [], timeouts = { readinessMs: 180_000, webhooksMs: 120_000 }): Promise<{ readyMs: number; webhooksMs: number }> {
    if (this.running) throw new Error('n8n is already running');
    for (let attempt = 1; ; attempt++) {
      const logStart = this.logText().length;
      try {
        return await this.startOnce(webhookPaths, timeouts);
      } catch (error) {
        // A free port picked earlier can be taken meanwhile (another harness): new ports, once more.
        if (attempt >= 3 || !/EADDRINUSE/.test(this.logText().slice(logStart))) throw error;
        const [port, brokerPort] = await freePorts(2);
        log(`n8n could not bind its ports (EADDRINUSE); retrying on ${port} / broker ${brokerPort}`);
        Object.assign(this, { port, brokerPort });
        Object.assign(this.env, { N8N_PORT: String(port), N8N_RUNNERS_BROKER_PORT: String(brokerPort) });
      }
    }
  }

  private async startOnce(webhookPaths: string[], timeouts: { readinessMs: number; webhooksMs: number }): Promise<{ readyMs: number; webhooksMs: number }> {
    const started = Date.now();
    writeFileSync(this.logFile, `\n[harness] n8n start at ${new Date().toISOString()}\n`, { flag: 'a' });
    this.server = new Background('n8n start', this.install.nodeBin, [this.install.n8nBin, 'start'], { env: this.env, logFile: this.logFile });
    const server = this.server;
    const exitedEarly = () => {
      if (!server.running) throw new FatalWait(`n8n exited during start (exit ${server.child.exitCode ?? server.child.signalCode}); last lines of ${this.logFile}:\n${this.logTail(30)}`);
    };
    try {
      await waitFor('n8n /healthz/readiness', timeouts.readinessMs, async () => {
        exitedEarly();
        const res = await fetch(`${this.baseUrl}/healthz/readiness`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
        return res?.ok ? true : undefined;
      }, 250);
      const readyMs = Date.now() - started;
      // Readiness comes before triggers are active; webhooks register asynchronously.
      await Promise.all(
        webhookPaths.map((path) =>
          waitFor(`webhook /webhook/${path} to be registered (OPTIONS -> 204)`, timeouts.webhooksMs, async () => {
            exitedEarly();
            return (await this.preflight(path)) === 204 ? true : undefined;
          }, 250),
        ),
      );
      const webhooksMs = Date.now() - started - readyMs;
      log(`n8n ready on ${this.baseUrl} (pid ${server.pid}): readiness ${seconds(readyMs)}, ${webhookPaths.length} webhook(s) +${seconds(webhooksMs)}`);
      return { readyMs, webhooksMs };
    } catch (error) {
      await this.stop();
      throw new Error(`${(error as Error).message}${error instanceof FatalWait ? '' : `\nlast lines of ${this.logFile}:\n${this.logTail(30)}`}`);
    }
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
    const res = await fetch(url, { method: opts.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, signal: AbortSignal.timeout(opts.timeoutMs ?? 120_000) });
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

  /** The newest executions of a workflow (newest first), with error message and blamed node. */
  async executions(workflowId: string, options: { limit?: number; afterId?: number } = {}): Promise<ExecutionSummary[]> {
    const flatted = join(this.install.appDir, 'node_modules', 'flatted');
    return this.sqlite(
      `const { parse } = require(${JSON.stringify(flatted)});
       const rows = db.prepare('SELECT e.id, e.workflowId, e.status, e.mode, e.startedAt, e.stoppedAt, d.data FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? AND e.id > ? ORDER BY e.id DESC LIMIT ?')
         .all(${JSON.stringify(workflowId)}, ${options.afterId ?? 0}, ${options.limit ?? 20});
       out(rows.map((r) => {
         const data = r.data ? parse(r.data) : {};
         const result = data.resultData || {};
         const e = result.error;
         const error = e ? { message: e.message, description: e.description || undefined, name: e.name, node: (e.node && e.node.name) || result.lastNodeExecuted } : undefined;
         return { id: Number(r.id), workflowId: r.workflowId, status: r.status, mode: r.mode, startedAt: r.startedAt, stoppedAt: r.stoppedAt, lastNodeExecuted: result.lastNodeExecuted, error };
       }));`,
      `read executions of ${workflowId}`,
    );
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
    return this.sqlite(`out(Number((db.prepare('SELECT MAX(id) AS id FROM execution_entity').get() || {}).id || 0));`, 'read last execution id');
  }

  /**
   * Runs `code` against n8n's SQLite database under Node 24 (`node:sqlite`; the harness's own
   * Node may be older). `db` and `out(value)` are in scope. WAL mode: safe while n8n runs.
   */
  private async sqlite<T = any>(code: string, label: string): Promise<T> {
    if (!existsSync(this.dbFile)) throw new Error(`${label}: no database yet at ${this.dbFile}`);
    const script = `
      process.removeAllListeners('warning');
      const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(${JSON.stringify(this.dbFile)});
      db.exec('PRAGMA busy_timeout = 10000');
      const out = (value) => process.stdout.write(JSON.stringify(value === undefined ? null : value));
      try { ${code} } finally { db.close(); }`;
    const result = await runCommand(this.install.nodeBin, ['--no-warnings', '-e', script], { label, timeoutMs: 60_000, env: { PATH: this.install.path } });
    return JSON.parse(result.stdout) as T;
  }

  /** Stops n8n gracefully (SIGTERM to its process group; SIGKILL after 20 s). */
  async stop(): Promise<void> {
    await this.server?.stop(20_000);
  }

  /** Kills n8n hard (a crash): no graceful shutdown, running executions die with it. */
  async kill(): Promise<void> {
    await this.server?.kill();
  }

  logText(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  logTail(lines = 30): string {
    return this.logText().trimEnd().split('\n').slice(-lines).join('\n');
  }
}
