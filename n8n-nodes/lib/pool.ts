// Redis connections reused across executions of one n8n process, per credential: one shared
// connection for commands (ioredis pipelines concurrent ones) and a pool of connections for
// blocking waits (a BLPOP holds its connection). Connections idle for IDLE_MS are closed, so an
// idle n8n holds none; the timer never keeps the process alive.
import { WAITING_CONNECTION_SUFFIX } from 'n8n-lock-protocol/native-lock';
import { close, connectOnce, type RedisClient, type RedisCredential } from './redis';

export const IDLE_MS = 30_000;

interface Entry {
  client: RedisClient;
  lastUsed: number;
}

class CredentialPool {
  private shared?: Promise<Entry>;
  private readonly idleBlocking: Entry[] = [];
  private busyBlocking = 0;

  constructor(private readonly credential: RedisCredential, private readonly name: string) {}

  /** The shared command connection; made again when the last one closed or failed. */
  async command(): Promise<RedisClient> {
    for (;;) {
      const pending = this.shared;
      const current = pending ? await pending.catch(() => undefined) : undefined;
      if (current && current.client.status !== 'end' && current.client.status !== 'close') {
        current.lastUsed = Date.now();
        return current.client;
      }
      // Only the first caller to see the dead (or missing) connection makes the next one; the
      // others, arriving meanwhile, find the new promise and wait for it.
      if (this.shared === pending) {
        const next = connectOnce(this.credential, this.name).then((client) => ({ client, lastUsed: Date.now() }));
        this.shared = next;
        next.catch(() => {
          if (this.shared === next) this.shared = undefined;
        });
        const entry = await next;
        return entry.client;
      }
    }
  }

  /** Runs `work` on a connection nobody else uses meanwhile (for BLPOP), then returns it to the pool. */
  async blocking<T>(work: (client: RedisClient) => Promise<T>): Promise<T> {
    let entry = this.idleBlocking.pop();
    while (entry && entry.client.status !== 'ready') {
      void close(entry.client);
      entry = this.idleBlocking.pop();
    }
    entry ??= { client: await connectOnce(this.credential, `${this.name}${WAITING_CONNECTION_SUFFIX}`), lastUsed: Date.now() };
    this.busyBlocking++;
    try {
      return await work(entry.client);
    } finally {
      this.busyBlocking--;
      entry.lastUsed = Date.now();
      if (entry.client.status === 'ready') this.idleBlocking.push(entry);
    }
  }

  /** Closes what has been idle for IDLE_MS; true when nothing is left open. */
  async sweep(now = Date.now()): Promise<boolean> {
    // Chosen at once, closed afterwards: blocking() may take entries while a close is awaited.
    const stale = this.idleBlocking.filter((e) => now - e.lastUsed >= IDLE_MS);
    for (const entry of stale) this.idleBlocking.splice(this.idleBlocking.indexOf(entry), 1);
    await Promise.all(stale.map((e) => close(e.client)));
    const shared = this.shared ? await this.shared.catch(() => undefined) : undefined;
    if (shared && now - shared.lastUsed >= IDLE_MS && this.busyBlocking === 0) {
      this.shared = undefined;
      await close(shared.client);
    }
    return !this.shared && this.idleBlocking.length === 0 && this.busyBlocking === 0;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.idleBlocking.splice(0).map((e) => close(e.client)));
    const shared = this.shared ? await this.shared.catch(() => undefined) : undefined;
    this.shared = undefined;
    await close(shared?.client);
  }
}

const pools = new Map<string, CredentialPool>();
let sweeper: NodeJS.Timeout | undefined;

/** The pool of one credential (topology, hosts, user, password, database, TLS) in this process. */
export function poolFor(credential: RedisCredential, name: string): CredentialPool {
  // Every field that changes where or how it connects (the replica acknowledgement and the metrics switch do not).
  const { replicaAcks: _acks, replicaAckTimeoutMs: _ackTimeout, recordMetrics: _record, ...connection } = credential;
  const key = JSON.stringify(Object.entries(connection).sort(([a], [b]) => (a < b ? -1 : 1)));
  let pool = pools.get(key);
  if (!pool) {
    pool = new CredentialPool(credential, name);
    pools.set(key, pool);
  }
  if (!sweeper) {
    sweeper = setInterval(() => void sweepAll().catch(() => undefined), IDLE_MS / 3);
    sweeper.unref();
  }
  return pool;
}

async function sweepAll(): Promise<void> {
  for (const [key, pool] of pools) if (await pool.sweep()) pools.delete(key);
  if (pools.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/** Closes every pooled connection (tests; n8n simply exits). */
export async function closeAllPools(): Promise<void> {
  await Promise.all([...pools.values()].map((pool) => pool.closeAll()));
  pools.clear();
  if (sweeper) clearInterval(sweeper);
  sweeper = undefined;
}

export type { CredentialPool };
