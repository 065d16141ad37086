// Operating live locks (status, unlock): pure modules plus the one Redis edge, redis-client.
export * from './keys.js';
export * from './redis-url.js';
export * from './status.js';
export * from './format.js';
export * from './unlock.js';
export * from './redis-client.js';
