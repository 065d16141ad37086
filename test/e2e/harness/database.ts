// n8n's database as the harness sees it: SQLite in the user folder (regular mode) or a throwaway
// PostgreSQL database created and dropped per run (queue mode: main and workers share it). One
// interface, so every read and the SQL publish are written once:
// - SQL is written portably: identifiers in double quotes ("workflowId"), TRUE/FALSE, $1..$n
//   parameters (rewritten to ?1..?n for SQLite), CURRENT_TIMESTAMP;
// - `env()` is what n8n (main, workers, CLI) needs to use the database.
// The PostgreSQL side only ever creates, uses and drops its own `n8n_lock_e2e_<random>` database.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { N8nInstall } from './install.js';
import { runCommand } from './proc.js';
import { log, seconds, Unavailable } from './util.js';

export type Row = Record<string, unknown>;
export type DatabaseKind = 'sqlite' | 'postgresdb';

export interface N8nDatabase {
  readonly kind: DatabaseKind;
  /** Where it lives, for log lines (a file, or host:port/database). */
  readonly description: string;
  /** Environment for n8n (main, workers and CLI commands) to use this database. */
  env(): Record<string, string>;
  /** Runs statements in one transaction; returns the rows of the last one. */
  query<T extends Row = Row>(sql: string, params?: unknown[], ...more: Array<[string, unknown[]]>): Promise<T[]>;
  /** Closes connections and removes what the harness created (the PostgreSQL database; SQLite goes with its folder). */
  dispose(options?: { keep?: boolean }): Promise<void>;
}

/** Timestamps come back as Date (pg) or 'YYYY-MM-DD HH:MM:SS.SSS' in UTC (SQLite): both as ISO strings. */
export function isoTimestamp(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return /^\d{4}-\d\d-\d\d \d/.test(text) ? new Date(`${text.replace(' ', 'T')}Z`).toISOString() : text;
}

/**
 * n8n's SQLite file, read and written by a short Node 24 process (`node:sqlite`; the harness's own
 * Node may be older). WAL mode: safe while n8n runs.
 */
export class SqliteDatabase implements N8nDatabase {
  readonly kind = 'sqlite';

  constructor(private readonly install: N8nInstall, readonly file: string) {}

  get description(): string {
    return this.file;
  }

  env(): Record<string, string> {
    return { DB_TYPE: 'sqlite' };
  }

  async query<T extends Row = Row>(sql: string, params: unknown[] = [], ...more: Array<[string, unknown[]]>): Promise<T[]> {
    if (!existsSync(this.file)) throw new Error(`no n8n database yet at ${this.file}`);
    const statements = [[sql, params], ...more].map(([text, values]) => [String(text).replace(/\$(\d+)/g, '?$1'), values]);
    const script = `
      process.removeAllListeners('warning');
      const { DatabaseSync } = require('node:sqlite');
      const db = new DatabaseSync(${JSON.stringify(this.file)});
      db.exec('PRAGMA busy_timeout = 10000');
      const statements = JSON.parse(process.argv[1]);
      let rows = [];
      try {
        db.exec('BEGIN');
        for (const [sql, params] of statements) {
          const statement = db.prepare(sql);
          rows = statement.columns().length ? statement.all(...params) : (statement.run(...params), []);
        }
        db.exec('COMMIT');
      } catch (error) {
        if (db.isTransaction) db.exec('ROLLBACK');
        throw error;
      } finally { db.close(); }
      process.stdout.write(JSON.stringify(rows, (k, v) => (typeof v === 'bigint' ? Number(v) : v)));`;
    const result = await runCommand(this.install.nodeBin, ['--no-warnings', '-e', script, JSON.stringify(statements)], {
      label: 'sqlite query',
      timeoutMs: 60_000,
      env: { PATH: this.install.path },
    });
    return JSON.parse(result.stdout) as T[];
  }

  async dispose(): Promise<void> {
    /* the file goes with the stack's folder */
  }
}

/** Where the harness finds a PostgreSQL server it may create databases on. */
export function postgresServerUrl(): string {
  return process.env.N8N_LOCK_E2E_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * A throwaway database `n8n_lock_e2e_<random>` on the server of N8N_LOCK_E2E_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped again by dispose().
 */
export class PostgresDatabase implements N8nDatabase {
  readonly kind = 'postgresdb';
  private pool?: pg.Pool;
  private constructor(private readonly server: URL, readonly database: string) {}

  /** Creates the database; an unreachable server fails within a few seconds with one line. */
  static async create(serverUrl = postgresServerUrl()): Promise<PostgresDatabase> {
    const started = Date.now();
    let server: URL;
    try {
      server = new URL(serverUrl);
    } catch {
      throw new Error(`N8N_LOCK_E2E_PG_URL is not a URL: ${redact(serverUrl)}`);
    }
    const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
    } catch (error) {
      throw new Unavailable(`PostgreSQL at ${redact(serverUrl)} cannot be reached (${(error as Error).message || (error as { code?: string }).code}); queue mode needs one: start it, or set N8N_LOCK_E2E_PG_URL`);
    }
    const database = `n8n_lock_e2e_${randomBytes(6).toString('hex')}`;
    try {
      const version = (await admin.query('SHOW server_version')).rows[0].server_version as string;
      await admin.query(`CREATE DATABASE ${database}`);
      log(`PostgreSQL ${version}: created throwaway database ${database} on ${server.hostname}:${server.port || 5432} (${seconds(Date.now() - started)})`);
    } catch (error) {
      throw new Error(`PostgreSQL at ${redact(serverUrl)}: could not create a database (${(error as Error).message})`);
    } finally {
      await admin.end().catch(() => undefined);
    }
    return new PostgresDatabase(server, database);
  }

  get description(): string {
    return `${this.server.hostname}:${this.server.port || 5432}/${this.database}`;
  }

  private url(database: string): string {
    const url = new URL(this.server.href);
    url.pathname = `/${database}`;
    return url.href;
  }

  env(): Record<string, string> {
    return {
      DB_TYPE: 'postgresdb',
      DB_POSTGRESDB_HOST: this.server.hostname,
      DB_POSTGRESDB_PORT: this.server.port || '5432',
      DB_POSTGRESDB_DATABASE: this.database,
      DB_POSTGRESDB_USER: decodeURIComponent(this.server.username || 'postgres'),
      DB_POSTGRESDB_PASSWORD: decodeURIComponent(this.server.password),
    };
  }

  async query<T extends Row = Row>(sql: string, params: unknown[] = [], ...more: Array<[string, unknown[]]>): Promise<T[]> {
    this.pool ??= new pg.Pool({ connectionString: this.url(this.database), max: 2, connectionTimeoutMillis: 10_000 });
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      let rows: T[] = [];
      for (const [text, values] of [[sql, params] as [string, unknown[]], ...more]) rows = (await client.query(text, values)).rows as T[];
      await client.query('COMMIT');
      return rows;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Drops the database (ending n8n's leftover connections to it first), unless kept. */
  async dispose({ keep = false } = {}): Promise<void> {
    await this.pool?.end().catch(() => undefined);
    this.pool = undefined;
    if (keep) {
      log(`kept PostgreSQL database ${this.database} (drop it with: dropdb ${this.database})`);
      return;
    }
    const admin = new pg.Client({ connectionString: this.server.href, connectionTimeoutMillis: 5000 });
    admin.on('error', () => undefined);
    try {
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [this.database]);
      await admin.query(`DROP DATABASE IF EXISTS ${this.database}`);
      log(`dropped PostgreSQL database ${this.database}`);
    } finally {
      await admin.end().catch(() => undefined);
    }
  }
}

/** The SQLite file of an n8n user folder. */
export const sqliteFile = (userFolder: string) => join(userFolder, '.n8n', 'database.sqlite');
