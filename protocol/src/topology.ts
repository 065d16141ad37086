// The three shapes a Redis deployment takes, as both the CLI (URLs) and the node package (the
// n8n-lock Redis credential) describe them. Pure.
import type { KeyLayout } from './keys.js';

export interface HostPort {
  host: string;
  port: number;
}

export type Topology =
  | { kind: 'standalone' }
  /** Seed nodes: any reachable master or replica; the client learns the rest from CLUSTER SLOTS. */
  | { kind: 'cluster'; nodes: HostPort[] }
  /** Sentinels to ask where the master named `masterName` is now. */
  | { kind: 'sentinel'; sentinels: HostPort[]; masterName: string };

export const DEFAULT_PORT = 6379;
export const DEFAULT_SENTINEL_PORT = 26379;

/**
 * How a scope's keys are spelled on a connection: on a Cluster every scope's keys carry a hash tag
 * (keys.ts); elsewhere the stock primitives' names. For the CLI's and the nodes' ioredis clients alike.
 */
export function keyLayoutOfClient(client: { isCluster: boolean }): KeyLayout {
  return client.isCluster ? 'cluster' : 'plain';
}

/**
 * Whether `INFO cluster` comes from a Cluster node: one reached as a single server answers the keys
 * of its own slots and MOVED for the others, so both the CLI and the nodes refuse it at connect.
 */
export function isClusterNode(info: string): boolean {
  return /^cluster_enabled:1\b/m.test(info);
}

/**
 * `host[:port], host[:port], ...` (commas or white space between; `[v6]:port` for IPv6) to a list,
 * or the reason it is not one (the caller names the field or flag it came from).
 */
export function parseHostList(text: string, defaultPort: number): { ok: true; hosts: HostPort[] } | { ok: false; reason: string } {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  if (parts.length === 0) return { ok: false, reason: 'no host given (expected host:port, host:port, ...)' };
  const hosts: HostPort[] = [];
  for (const part of parts) {
    const match = /^(?:\[([^\]]+)\]|([^:[\]]+))(?::(\d+))?$/.exec(part);
    if (!match) return { ok: false, reason: `"${part}" is not host or host:port` };
    const port = match[3] === undefined ? defaultPort : Number(match[3]);
    if (!Number.isInteger(port) || port < 1 || port > 65535) return { ok: false, reason: `"${part}" has port ${match[3]}, not a port number (1-65535)` };
    hosts.push({ host: match[1] ?? match[2], port });
  }
  return { ok: true, hosts };
}

/** The text of a host list, for messages. */
export function formatHostList(hosts: HostPort[]): string {
  return hosts.map(({ host, port }) => `${host.includes(':') ? `[${host}]` : host}:${port}`).join(',');
}
