// One throwaway n8n 2.x: its own user folder, SQLite database, ports and encryption key.
import { type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import type { N8nInstall } from './install.js';
import { freePort, log, run, sleep, startProcess, stopProcess, waitFor } from './util.js';

export interface WebhookResponse {
  status: number;
  body: any;
  ms: number;
}

export class N8nServer {
  private child?: ChildProcess;
  private logStream?: WriteStream;
  port = 0;
  version = '';
  private env: NodeJS.ProcessEnv = {};

  constructor(private readonly install: N8nInstall, readonly dir: string) {}

  async prepare(): Promise<void> {
    this.port = await freePort();
    const brokerPort = await freePort();
    const cliBrokerPort = await freePort();
    mkdirSync(join(this.dir, 'n8n'), { recursive: true });
    // A clean environment: under vitest NODE_ENV=test, and n8n then exits 1 at start without a word.
    this.env = {
      HOME: process.env.HOME,
      LANG: process.env.LANG ?? 'C.UTF-8',
      TMPDIR: process.env.TMPDIR,
      PATH: this.install.path,
      N8N_USER_FOLDER: join(this.dir, 'n8n'),
      DB_TYPE: 'sqlite',
      N8N_ENCRYPTION_KEY: 'n8n-lock-e2e-fixed-key-000000001',
      N8N_LISTEN_ADDRESS: '127.0.0.1',
      N8N_PORT: String(this.port),
      N8N_RUNNERS_BROKER_PORT: String(brokerPort),
      N8N_LOCK_CLI_BROKER_PORT: String(cliBrokerPort),
      N8N_DIAGNOSTICS_ENABLED: 'false',
      N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
      N8N_PERSONALIZATION_ENABLED: 'false',
      N8N_TEMPLATES_ENABLED: 'false',
      N8N_DISABLED_MODULES: 'mcp-registry',
      N8N_SECURE_COOKIE: 'false',
      GENERIC_TIMEZONE: 'UTC',
      N8N_WORKFLOW_PUBLICATION_OUTBOX_POLL_INTERVAL_MS: '1000',
      N8N_LOG_LEVEL: 'info',
    };
    this.logStream = createWriteStream(join(this.dir, 'n8n.log'), { flags: 'a' });
    this.version = this.cli(['--version'], 'n8n --version').trim().split('\n').pop()!;
    log(`n8n ${this.version} (node ${run(this.install.nodeBin, ['--version']).trim()})`);
  }

  /** An n8n CLI command; output goes to a file, never into an early-exiting pipe (it would spin on EPIPE). */
  cli(args: string[], label: string): string {
    return run(this.install.nodeBin, [this.install.n8nBin, ...args], {
      env: { ...this.env, N8N_RUNNERS_BROKER_PORT: this.env.N8N_LOCK_CLI_BROKER_PORT },
      label,
      timeout: 180_000,
    });
  }

  importCredentials(credentials: unknown[]): void {
    const file = join(this.dir, 'credentials.json');
    writeFileSync(file, JSON.stringify(credentials));
    this.cli(['import:credentials', `--input=${file}`], 'n8n import:credentials');
  }

  /** Imports rendered workflows (each with a fixed id) and publishes every one of them. */
  importAndPublish(workflowDir: string, ids: string[]): void {
    this.cli(['import:workflow', '--separate', `--input=${workflowDir}`], 'n8n import:workflow');
    // n8n 2.x runs only published sub-workflows and error workflows.
    for (const id of ids) this.cli(['publish:workflow', `--id=${id}`], `n8n publish:workflow --id=${id}`);
  }

  async start(webhookPaths: string[]): Promise<number> {
    const started = Date.now();
    this.child = startProcess(this.install.nodeBin, [this.install.n8nBin, 'start'], this.env, this.logStream!);
    this.child.once('exit', (code, signal) => log(`n8n exited (${code ?? signal})`));
    await waitFor('n8n /healthz/readiness', 120_000, async () => {
      if (this.child?.exitCode !== null) throw new Error(`n8n exited early; see ${join(this.dir, 'n8n.log')}`);
      const res = await fetch(`${this.baseUrl}/healthz/readiness`).catch(() => undefined);
      return res?.ok ? true : undefined;
    }, 500);
    // Readiness comes before triggers are active: a webhook is live when its CORS preflight answers 204.
    for (const path of webhookPaths) {
      await waitFor(`webhook /${path} to be registered`, 90_000, async () => {
        const res = await fetch(`${this.baseUrl}/webhook/${path}`, {
          method: 'OPTIONS',
          headers: { Origin: 'http://127.0.0.1', 'Access-Control-Request-Method': 'GET' },
        }).catch(() => undefined);
        return res?.status === 204 ? true : undefined;
      }, 500);
    }
    const ms = Date.now() - started;
    log(`n8n ready on 127.0.0.1:${this.port} in ${(ms / 1000).toFixed(1)} s`);
    return ms;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async call(path: string, query: Record<string, string | number | boolean> = {}): Promise<WebhookResponse> {
    const url = new URL(`${this.baseUrl}/webhook/${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    const started = performance.now();
    const res = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, ms: performance.now() - started };
  }

  /** Kills n8n hard (a crash): no graceful shutdown, running executions die with it. */
  async kill(): Promise<void> {
    await stopProcess(this.child, 1_000, 'SIGKILL');
    await sleep(500);
  }

  async stop(): Promise<void> {
    await stopProcess(this.child, 15_000);
    this.logStream?.end();
  }

  /**
   * The error message of the newest failed execution of a workflow, read from n8n's SQLite
   * database with n8n's own sqlite3 and flatted modules (a webhook caller only sees HTTP 500).
   */
  lastErrorMessage(workflowId: string): string | undefined {
    const script = `
      const sqlite3 = require(${JSON.stringify(join(this.install.dir, 'app', 'node_modules', 'sqlite3'))});
      const { parse } = require(${JSON.stringify(join(this.install.dir, 'app', 'node_modules', 'flatted'))});
      const db = new sqlite3.Database(${JSON.stringify(join(this.dir, 'n8n', '.n8n', 'database.sqlite'))}, sqlite3.OPEN_READONLY);
      db.get("SELECT d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? AND e.status = 'error' ORDER BY e.id DESC LIMIT 1", [${JSON.stringify(workflowId)}], (err, row) => {
        if (err) { console.error(err.message); process.exit(1); }
        if (!row) { process.stdout.write('null'); return; }
        const data = parse(row.data);
        process.stdout.write(JSON.stringify(data.resultData && data.resultData.error ? data.resultData.error.message : null));
      });`;
    const out = run(this.install.nodeBin, ['-e', script], { label: 'read n8n execution error' });
    return JSON.parse(out) ?? undefined;
  }

  logText(): string {
    return readFileSync(join(this.dir, 'n8n.log'), 'utf8');
  }
}
