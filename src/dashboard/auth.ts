// Pure: who may read the page and who may act. Reading is open on loopback; beyond it the token is
// asked for by HTTP Basic auth (any user name, the token as password), which the browser then sends
// with the page, its assets and its event stream. An action is a same-origin POST of JSON carrying
// the token in a header: a page of another origin can send neither that header nor that content
// type without a CORS preflight, which this server never answers, and the Origin and Sec-Fetch-Site
// checks refuse what a browser says came from elsewhere.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DashboardSettings } from './settings.js';

export const TOKEN_HEADER = 'x-n8n-lock-token';

/** The request as the checks see it (lower-case header names). */
export interface RequestFacts {
  method: string;
  headers: Record<string, string | undefined>;
}

export type Verdict = { ok: true } | { ok: false; status: 401 | 403 | 405 | 415; why: string; headers?: Record<string, string> };

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compares in constant time (both sides hashed first, so their lengths leak nothing either). */
export function tokensEqual(given: string, token: string): boolean {
  return timingSafeEqual(digest(given), digest(token));
}

/** Names the token in the action log without writing it: the first 8 hex digits of its SHA-256. */
export const tokenFingerprint = (token: string) => `sha256:${digest(token).toString('hex').slice(0, 8)}`;

function basicPassword(authorization: string | undefined): string | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : decoded.slice(colon + 1);
}

export function checkRead(request: RequestFacts, settings: Pick<DashboardSettings, 'loopback' | 'token'>): Verdict {
  if (settings.loopback || settings.token === null) return { ok: true };
  const given = basicPassword(request.headers.authorization) ?? request.headers[TOKEN_HEADER];
  if (given !== undefined && given !== null && tokensEqual(given, settings.token)) return { ok: true };
  return { ok: false, status: 401, why: 'this dashboard listens beyond loopback: sign in with the token as the password (any user name)', headers: { 'www-authenticate': 'Basic realm="n8n-lock dashboard", charset="UTF-8"' } };
}

export function checkAction(request: RequestFacts, settings: Pick<DashboardSettings, 'allowActions' | 'token'>): Verdict {
  const h = request.headers;
  if (!settings.allowActions || settings.token === null) return { ok: false, status: 403, why: 'read-only: this dashboard was started without --allow-actions and a token, so it changes nothing' };
  if (request.method !== 'POST') return { ok: false, status: 405, why: 'actions are POST requests' };
  if (h.origin !== undefined && h.origin !== `http://${h.host}` && h.origin !== `https://${h.host}`) return { ok: false, status: 403, why: `cross-origin request refused (Origin ${h.origin})` };
  if (h['sec-fetch-site'] !== undefined && h['sec-fetch-site'] !== 'same-origin') return { ok: false, status: 403, why: `cross-site request refused (Sec-Fetch-Site ${h['sec-fetch-site']})` };
  if (!/^application\/json\b/i.test(h['content-type'] ?? '')) return { ok: false, status: 415, why: 'actions take a JSON body (Content-Type: application/json)' };
  const given = h[TOKEN_HEADER];
  if (given === undefined || !tokensEqual(given, settings.token)) return { ok: false, status: 403, why: `the token is missing or wrong (header ${TOKEN_HEADER})` };
  return { ok: true };
}
