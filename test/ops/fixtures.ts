// Plain-data readings for the pure status tests: what readLockKeys returns for a known keyspace.
import type { KeyReading } from '../../src/ops/status.js';

export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
export const HOUR = 3_600_000;

export function reading(key: string, value: string | null, pttlMs: number, readError?: string): KeyReading {
  return { key, value, pttlMs, ...(readError ? { readError } : {}) };
}

export function meta(lockId: string, lockedAt: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ lock_id: lockId, workflow_id: 'AbCdEf0123456789', workflow_name: 'Invoice Sync', execution_id: lockId, locked_at: lockedAt, ...extra });
}

/** One of every situation `status` knows about. */
export const MIXED_KEYSPACE: KeyReading[] = [
  reading('n8n-lock-billing-sync', '1', HOUR - 12_000),
  reading('n8n-lock-billing-sync:meta', meta('4711', '2025-06-01T11:59:48.000Z'), HOUR - 11_990),
  reading('n8n-lock-orphan', '1', -1),
  reading('n8n-lock-crm:contact-42', '2', 600_000),
  reading('n8n-lock-gone:meta', meta('12', '2025-06-01T11:00:00.000Z'), 30_000),
  reading('n8n-lock-drifting', '5', HOUR),
  reading('n8n-lock-drifting:meta', meta('99', '2025-06-01T11:30:00.000Z', { workflow_name: 'CRM Import' }), HOUR - 30 * 60_000),
  reading('n8n-lock-garbled', '1', 60_000),
  reading('n8n-lock-garbled:meta', 'not json {', 60_000),
  reading('n8n-ratelimit-api-user-12-29166666', '5', 42_000),
  reading('n8n-ratelimit-api-user-12-29166665', '60', 2_000),
  reading('n8n-ratelimit-leaky-7', '3', -1),
  reading('n8n-lock-vanished', null, -2),
  reading('n8n-lockdown', 'x', -1),
];
