// Operating live locks (status, unlock): pure modules plus the one Redis edge, redis-client.
export * from 'n8n-lock-protocol/keys';
export * from './redis-url.js';
export * from './status.js';
export * from './format.js';
export * from './unlock.js';
export * from './redis-client.js';
