// The queue-mode harness's own faults: a PostgreSQL that cannot be reached, and a worker that dies
// at start, each fail the harness with one clear line and leave no process running and no database
// behind. (The lock scenarios in queue mode are lock.queue.e2e.test.ts.)
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort, liveProcessGroups, log, postgresServerUrl, selectedModes, startStack } from './harness/index.js';

async function throwawayDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: postgresServerUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query("SELECT datname FROM pg_database WHERE datname LIKE 'n8n_lock_e2e_%' ORDER BY datname")).rows.map((r) => r.datname as string);
  } finally {
    await client.end();
  }
}

describe.skipIf(!selectedModes().includes('queue'))('queue-mode harness faults', () => {
  it('a PostgreSQL that cannot be reached fails the stack at once with one line, nothing left running', async () => {
    const closedPort = await freePort(); // nothing listens there
    const previous = process.env.N8N_LOCK_E2E_PG_URL;
    process.env.N8N_LOCK_E2E_PG_URL = `postgres://postgres:secret@127.0.0.1:${closedPort}/postgres`;
    const started = Date.now();
    try {
      const error = await startStack({ name: 'n8n-lock-e2e-nopg', mode: 'queue', keepOnFailure: false }).then(
        () => new Error('the stack started without PostgreSQL'),
        (e: Error) => e,
      );
      log(`queue harness: unreachable PostgreSQL -> "${error.message}" after ${Date.now() - started} ms`);
      expect(error.message).toMatch(new RegExp(`^PostgreSQL at postgres://postgres:\\*\\*\\*@127\\.0\\.0\\.1:${closedPort}/postgres cannot be reached \\(.+\\); queue mode needs one`));
      expect(error.message).not.toContain('secret');
      expect(error.message.split('\n')).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(liveProcessGroups()).toEqual([]);
    } finally {
      if (previous === undefined) delete process.env.N8N_LOCK_E2E_PG_URL;
      else process.env.N8N_LOCK_E2E_PG_URL = previous;
    }
  });

  it('a worker that dies at start fails the stack with one line naming it and its reason; no process and no database left', async () => {
    const before = await throwawayDatabases();
    const started = Date.now();
    // The second worker is pointed at a database that does not exist: it exits while connecting.
    const error = await startStack({
      name: 'n8n-lock-e2e-badworker',
      mode: 'queue',
      keepOnFailure: false,
      n8n: { workers: 2, workerEnv: { DB_POSTGRESDB_DATABASE: 'n8n_lock_e2e_does_not_exist' } },
    }).then(
      () => new Error('the stack started with broken workers'),
      (e: Error) => e,
    );
    log(`queue harness: worker dying at start -> "${error.message}" after ${Date.now() - started} ms`);
    expect(error.message).toMatch(/^n8n worker \d exited during start \(exit \d+\): .*does not exist.* \(log: .+n8n-worker-\d\.log\)$/);
    expect(error.message.split('\n')).toHaveLength(1);
    expect(liveProcessGroups()).toEqual([]);
    expect(await throwawayDatabases()).toEqual(before);
  });
});
