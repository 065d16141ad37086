// The --listen address of `n8n-lock metrics` and `n8n-lock dashboard` (parsed purely), and binding a
// server to it with a bind failure worded as bad input (exit 2, one line).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InputError } from '../errors.js';

export const DEFAULT_LISTEN = '127.0.0.1:9464';

export interface ListenAddress {
  host: string;
  /** 0: any free port (the address actually bound is printed at start). */
  port: number;
}

/** `host:port` or `[v6]:port` to an address, or an InputError naming the flag and what is wrong. */
export function parseListen(text: string): ListenAddress {
  const match = /^(?:\[([^\]]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(text.trim());
  if (!match) throw new InputError(`--listen "${text}" is not host:port (e.g. 127.0.0.1:9464, 0.0.0.0:9464, [::1]:9464)`);
  const port = Number(match[3]);
  if (port > 65535) throw new InputError(`--listen "${text}" has port ${port}, not a port number (0-65535)`);
  return { host: match[1] ?? match[2], port };
}

/** host:port as a URL writes it ([v6]:port). */
export const formatAddress = (address: ListenAddress) => `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;

/** Listens on the address; a port in use, an address that is not local or a refused port is an InputError naming --listen. */
export function listenOn(server: Server, listen: ListenAddress): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: Error & { code?: string }) => {
      const where = formatAddress(listen);
      if (error.code === 'EADDRINUSE') reject(new InputError(`--listen ${where}: the port is in use (choose another with --listen host:port)`));
      else if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') reject(new InputError(`--listen ${where}: no such local address to bind`));
      else if (error.code === 'EACCES') reject(new InputError(`--listen ${where}: not allowed to bind that port (below 1024 needs privileges)`));
      else reject(new InputError(`--listen ${where}: ${error.message}`));
    });
    server.listen(listen.port, listen.host, () => resolve());
  });
}

/** The address a listening server is bound to (the port chosen when --listen asked for port 0). */
export function boundAddress(server: Server): ListenAddress {
  const bound = server.address() as AddressInfo;
  return { host: bound.address, port: bound.port };
}
