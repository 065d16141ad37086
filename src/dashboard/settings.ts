// Pure: the dashboard's settings from its flags (or their N8N_LOCK_DASHBOARD_* variables), checked
// before anything listens or connects. Every refusal is an InputError: one line, exit 2.
import { InputError } from '../errors.js';
import { parseListen, type ListenAddress } from '../metrics/listen.js';

export const DEFAULT_DASHBOARD_LISTEN = '127.0.0.1:8080';
export const DEFAULT_INTERVAL_MS = 1000;
/** The token's variable: a secret, so it has no flag (a flag shows in `ps`); --token-file reads it from a file. */
export const TOKEN_ENV = 'N8N_LOCK_DASHBOARD_TOKEN';
/** Shorter tokens are refused: the token is all that stands between the network and unlock. */
export const MIN_TOKEN_LENGTH = 16;

/** The variable of each flag: `--n8n-url` -> N8N_LOCK_DASHBOARD_N8N_URL. */
export const dashboardEnv = (flag: string): string => `N8N_LOCK_DASHBOARD_${flag.replace(/^--/, '').replace(/-/g, '_').toUpperCase()}`;

export interface DashboardSettings {
  listen: ListenAddress;
  /** Whether the address is on this machine only (127.0.0.0/8, ::1, localhost). */
  loopback: boolean;
  allowActions: boolean;
  /** The shared secret: actions send it in a header; beyond loopback the page is read with it too (Basic auth). */
  token: string | null;
  intervalMs: number;
  /** The n8n whose editor the page links executions into (no trailing slash). */
  n8nUrl: string | null;
}

export interface DashboardInput {
  listen: string;
  allowActions: boolean;
  token?: string;
  /** Where the token came from, for messages: `$N8N_LOCK_DASHBOARD_TOKEN` or `--token-file <file>`. */
  tokenSource?: string;
  intervalMs: string | number;
  n8nUrl?: string;
}

export function isLoopback(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** A boolean flag's variable: 1/true/yes/on or 0/false/no/off (empty: off); anything else is bad input. */
export function envBoolean(name: string, value: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value.trim())) return true;
  if (/^(0|false|no|off|)$/i.test(value.trim())) return false;
  throw new InputError(`$${name} must be true or false (1/0, yes/no, on/off), got "${value}"`);
}

export function dashboardSettings(input: DashboardInput): DashboardSettings {
  const listen = parseListen(input.listen);
  const loopback = isLoopback(listen.host);
  const token = input.token?.trim() || null;
  const tokenSource = input.tokenSource ?? `$${TOKEN_ENV}`;
  const where = `${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`;
  if (token !== null && token.length < MIN_TOKEN_LENGTH) throw new InputError(`the token (${tokenSource}) has ${token.length} characters; use at least ${MIN_TOKEN_LENGTH} (e.g. openssl rand -hex 16)`);
  if (input.allowActions && token === null) throw new InputError(`--allow-actions needs a token: set $${TOKEN_ENV} (or --token-file <file>); the page sends it with every action`);
  if (!loopback && token === null) throw new InputError(`--listen ${where} reaches beyond this machine and there is no token: set $${TOKEN_ENV} (or --token-file <file>) so the page asks for it, or listen on 127.0.0.1`);
  const intervalText = String(input.intervalMs).trim();
  const intervalMs = Number(intervalText);
  if (!/^\d+$/.test(intervalText) || intervalMs < 100 || intervalMs > 1000) throw new InputError(`--interval-ms must be a whole number of milliseconds from 100 to 1000 (the page updates at least once a second), got "${input.intervalMs}"`);
  let n8nUrl: string | null = null;
  if (input.n8nUrl) {
    let url: URL;
    try {
      url = new URL(input.n8nUrl);
    } catch {
      throw new InputError(`--n8n-url "${input.n8nUrl}" is not a URL (e.g. https://n8n.example.com)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(`--n8n-url "${input.n8nUrl}" must start with http:// or https://`);
    n8nUrl = url.href.replace(/\/+$/, '');
  }
  return { listen, loopback, allowActions: input.allowActions, token, intervalMs, n8nUrl };
}
