export { addLock, type AddLockOptions, type AddLockResult } from './add-lock.js';
export { removeLock } from './remove-lock.js';
export { addRateLimit, type AddRateLimitOptions } from './add-rate-limit.js';
export { removeRateLimit } from './remove-rate-limit.js';
export type { PatchResult } from './common.js';
