// The Lock engine's acquire request and holder the engine tests build on: scope crm-1, one holder,
// a 60 s TTL, waiting up to 10 s (the lock engine and the metrics recording tests).
import type { AcquireRequest } from '../../lib/lock';

export const holder = (lockId: string, executionId = lockId) => ({ lock_id: lockId, workflow_id: 'Wf1', workflow_name: 'CRM Sync', execution_id: executionId, locked_at: '' });

export const acquireRequest = (over: Partial<AcquireRequest> = {}): AcquireRequest => ({
  scopes: ['crm-1'],
  maxHolders: 1,
  ttlSeconds: 60,
  holder: holder('L1', '101'),
  waitTillLockReleased: true,
  maxWaitSeconds: 10,
  pollSeconds: 1,
  ...over,
});
