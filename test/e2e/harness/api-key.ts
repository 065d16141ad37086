// An owner and a public-API key for a fresh n8n, made through the same internal REST routes the
// editor uses (n8n has no env var or CLI command that creates an API key): POST /rest/owner/setup,
// POST /rest/login (session cookie n8n-auth), POST /rest/api-keys. See
// docs/research/n8n-2.41-public-api.md §1-2.

import { N8N_1X } from './install.js';

/** The scopes `n8n-lock deploy` and `pull` need (workflow:import for the package path, workflow:delete and workflow:deactivate to roll back a failed deploy), and nothing more. */
export const DEPLOY_SCOPES = ['workflow:create', 'workflow:read', 'workflow:update', 'workflow:list', 'workflow:activate', 'workflow:import', 'workflow:delete', 'workflow:deactivate', 'credential:list'];

/** Scopes n8n 1.x's API keys do not have (it refuses a key asking for one: "Invalid scopes for user role"); a key made there goes without them. */
const SCOPES_SINCE_2 = new Set(['workflow:import', 'credential:list', 'communityPackage:install', 'communityPackage:list', 'communityPackage:update', 'communityPackage:uninstall']);

export const OWNER = { email: 'owner@n8n-lock.test', firstName: 'E2e', lastName: 'Owner', password: 'E2eOwner-Passw0rd' };

async function rest(baseUrl: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; json: any; cookie?: string }> {
  const res = await fetch(`${baseUrl}/rest${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
  return { status: res.status, json, cookie: setCookie?.split(';')[0] };
}

/** A session of the owner (cookie `n8n-auth`), set up first when needed: what the editor holds. */
export async function ownerSession(baseUrl: string): Promise<string> {
  const setup = await rest(baseUrl, '/owner/setup', OWNER);
  if (setup.status !== 200 && !/already setup/i.test(JSON.stringify(setup.json))) {
    throw new Error(`POST /rest/owner/setup: HTTP ${setup.status} ${JSON.stringify(setup.json)}`);
  }
  const login = await rest(baseUrl, '/login', { emailOrLdapLoginId: OWNER.email, password: OWNER.password });
  if (login.status !== 200 || !login.cookie) throw new Error(`POST /rest/login: HTTP ${login.status} ${JSON.stringify(login.json)}`);
  return login.cookie;
}

/**
 * Sets up the owner (once; a second call finds it set up and logs in) and returns a new API key
 * with `scopes`. The key is a secret: callers hand it to n8n-lock through N8N_API_KEY, never argv.
 */
export async function createApiKey(baseUrl: string, scopes: string[] = DEPLOY_SCOPES, label = 'n8n-lock e2e'): Promise<string> {
  const cookie = await ownerSession(baseUrl);
  const known = N8N_1X ? scopes.filter((scope) => !SCOPES_SINCE_2.has(scope)) : scopes;
  const key = await rest(baseUrl, '/api-keys', { label, scopes: known, expiresAt: null }, cookie);
  const raw = key.json?.data?.rawApiKey;
  if (key.status !== 200 || typeof raw !== 'string') throw new Error(`POST /rest/api-keys: HTTP ${key.status} ${JSON.stringify(key.json)}`);
  return raw;
}
