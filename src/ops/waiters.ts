// Pure: what can be known about who waits for a lock, and what cannot.
//
// Stock waiters (lock_acquisition) poll with GET between Wait nodes and write nothing: Redis has no
// trace of them. The Lock node's waiters block in BLPOP on the scope's wake list, on connections
// named LOCK_NODE_CONNECTION_NAME + WAITING_CONNECTION_SUFFIX; CLIENT LIST shows those as cmd=blpop
// but never the key a client waits on (nor does any other command), so they can be counted for
// the whole Redis, not per scope. A waiter between two BLPOPs (its re-check EVAL) is not counted.
import { LOCK_NODE_CONNECTION_NAME, WAITING_CONNECTION_SUFFIX } from 'n8n-lock-protocol/native-lock';

/** The Lock node's waiters blocked right now, all scopes together; null when CLIENT LIST could not be read. */
export interface LockNodeWaiters {
  blocked: number | null;
  /** Why `blocked` is null (a refused CLIENT LIST). */
  error?: string;
}

/** Counts the Lock node's connections blocked in BLPOP in one CLIENT LIST reply. */
export function countLockNodeWaiters(clientList: string): number {
  const name = `name=${LOCK_NODE_CONNECTION_NAME}${WAITING_CONNECTION_SUFFIX} `;
  return clientList.split('\n').filter((line) => line.includes(` ${name}`) && / cmd=blpop( |$)/.test(line)).length;
}

/** Per scope it is never known: said once, under the table and in the JSON. */
export const WAITERS_PER_SCOPE_UNKNOWN = 'not recorded per scope: stock waiters poll with GET and leave no trace; the Lock node\'s wait in BLPOP, and Redis does not say on which key';

/** The line under the LOCKS table. */
export function waitersLine(waiters: LockNodeWaiters): string {
  const blocked = waiters.blocked === null ? `unknown (${waiters.error ?? 'CLIENT LIST not read'})` : String(waiters.blocked);
  return `WAITERS: ? per scope (${WAITERS_PER_SCOPE_UNKNOWN}); Lock-node waiters blocked right now, all scopes: ${blocked}`;
}
