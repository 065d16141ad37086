import { createHash } from 'node:crypto';

/** Namespace for every id n8n-lock derives (a fixed random UUID). */
const N8N_LOCK_NAMESPACE = '6f1c3b1e-7a2d-4c55-9b0e-3f8a2d91c4e7';

/**
 * RFC 4122 version-5 UUID of `name` in our namespace: the same name always gives the same id,
 * so emitted files are byte-stable (primitives.md: "Node ids are fixed UUIDs").
 */
export function uuidV5(name: string, namespace = N8N_LOCK_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
