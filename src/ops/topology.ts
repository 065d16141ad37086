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

export type TopologyKind = Topology['kind'];

export const DEFAULT_PORT = 6379;
export const DEFAULT_SENTINEL_PORT = 26379;

/** On a Cluster every scope's keys carry a hash tag (keys.ts); elsewhere the stock primitives' names. */
export function keyLayoutOf(kind: TopologyKind): KeyLayout {
  return kind === 'cluster' ? 'cluster' : 'plain';
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
