// The community package through n8n's own installer, as a user installs it from Settings >
// Community Nodes or with the public API: POST /api/v1/community-packages (update: PATCH, uninstall:
// DELETE /api/v1/community-packages/<name>). n8n 1.x has no such public route: there the
// editor's own route is taken, POST|PATCH|DELETE /rest/community-packages with the owner's session,
// which is what Settings > Community Nodes sends. n8n runs `npm pack` + `npm install` into
// <user folder>/.n8n/nodes, records the package in its database and loads the nodes without a
// restart; in queue mode it publishes `community-package-install` and every worker installs the
// same version into its own user folder. Both are checked here, not assumed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { N8nApi } from '../../../src/deploy/n8n-api.js';
import { ownerSession } from './api-key.js';
import { N8N_1X } from './install.js';
import type { N8nServer } from './n8n.js';
import { log, seconds, waitFor } from './util.js';

export const PACKAGE_SCOPES = ['communityPackage:install', 'communityPackage:list', 'communityPackage:update', 'communityPackage:uninstall'];
/** What the log lines' installed_via names: n8n's public API (2.x), or the editor's REST route with the owner's session (1.x, which has no public one). */
export type InstallRoute = 'public-api' | 'rest-session';

export interface InstalledPackage {
  packageName: string;
  installedVersion: string;
  installedNodes: Array<{ name: string; type: string }>;
}

/** The version of `name` installed in a user folder, where n8n's installer puts it; undefined when absent. */
export function installedVersionIn(userFolder: string, name: string): string | undefined {
  const manifest = join(userFolder, '.n8n', 'nodes', 'node_modules', name, 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

/** n8n's public API with n8n-lock's own client: its errors say what a status means. Installs take a while. */
const publicApi = (n8n: N8nServer, apiKey: string | undefined) => {
  if (!apiKey) throw new Error('the public API route needs an API key with the communityPackage scopes');
  return new N8nApi(n8n.baseUrl, apiKey, 300_000);
};
const ROUTE = '/community-packages';

/** The installer route of the n8n the harness installed: n8n 1.x has no public one. */
export const INSTALL_ROUTE: InstallRoute = N8N_1X ? 'rest-session' : 'public-api';

/** The editor's route, as the owner: n8n wraps a success in `data`. */
async function restAsOwner<T>(n8n: N8nServer, method: string, path: string, body: unknown, what: string): Promise<{ status: number; json: T }> {
  const cookie = await ownerSession(n8n.baseUrl);
  const res = await fetch(`${n8n.baseUrl}/rest${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(300_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${method} /rest${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { status: res.status, json: (text ? (JSON.parse(text) as { data: T }).data : undefined) as T };
}

/** Waits until every worker's user folder holds `version` of the package (undefined: none). */
async function workersAt(n8n: N8nServer, name: string, version: string | undefined): Promise<void> {
  if (n8n.mode !== 'queue') return;
  await waitFor(`every worker to hold ${name}${version ? `@${version}` : ' no more'}`, 180_000, async () =>
    n8n.workers.every((worker) => installedVersionIn(worker.userFolder, name) === version) || undefined,
  );
}

/**
 * Installs `name@version` (verify: false, as an unverified package is installed) and waits for
 * the workers. Prints `package: installed_via=<route> version=<v> mode=<m> nodes=<n>`.
 */
export async function installThroughN8n(n8n: N8nServer, apiKey: string | undefined, name: string, version: string): Promise<InstalledPackage> {
  const started = Date.now();
  const what = `install ${name}@${version}`;
  const { json: installed } =
    INSTALL_ROUTE === 'public-api'
      ? await publicApi(n8n, apiKey).request<InstalledPackage>('POST', ROUTE, { name, version, verify: false }, { what, scope: 'communityPackage:install' })
      : await restAsOwner<InstalledPackage>(n8n, 'POST', ROUTE, { name, version, verify: false }, what);
  if (installedVersionIn(n8n.userFolder, name) !== version) throw new Error(`n8n answered 200 but ${n8n.userFolder}/.n8n/nodes holds ${name}@${installedVersionIn(n8n.userFolder, name)}`);
  await workersAt(n8n, name, version);
  log(`package: installed_via=${INSTALL_ROUTE} version=${installed.installedVersion} mode=${n8n.mode} nodes=${installed.installedNodes.length}`);
  log(`installed ${name}@${version} through n8n's installer on main${n8n.workers.length ? ` and ${n8n.workers.length} workers` : ''} (${seconds(Date.now() - started)})`);
  return installed;
}

/** Updates to `version` through the same route; waits for the workers. */
export async function updateThroughN8n(n8n: N8nServer, apiKey: string | undefined, name: string, version: string): Promise<InstalledPackage> {
  const what = `update ${name} to ${version}`;
  const { json: updated } =
    INSTALL_ROUTE === 'public-api'
      ? await publicApi(n8n, apiKey).request<InstalledPackage>('PATCH', `${ROUTE}/${encodeURIComponent(name)}`, { version, verify: false }, { what, scope: 'communityPackage:update' })
      : await restAsOwner<InstalledPackage>(n8n, 'PATCH', ROUTE, { name, version }, what);
  await workersAt(n8n, name, version);
  return updated;
}

/** Uninstalls through the same route; waits until no worker holds it. */
export async function uninstallThroughN8n(n8n: N8nServer, apiKey: string | undefined, name: string): Promise<void> {
  if (INSTALL_ROUTE === 'public-api') {
    const { status } = await publicApi(n8n, apiKey).request('DELETE', `${ROUTE}/${encodeURIComponent(name)}`, undefined, { what: `uninstall ${name}`, scope: 'communityPackage:uninstall', accept: [204] });
    if (status !== 204) throw new Error(`uninstall ${name}: n8n answered ${status}, not 204 No Content`);
  } else {
    await restAsOwner(n8n, 'DELETE', `${ROUTE}?name=${encodeURIComponent(name)}`, undefined, `uninstall ${name}`);
  }
  await workersAt(n8n, name, undefined);
}

/** The packages n8n has recorded (GET /api/v1/community-packages, or the editor's route on 1.x). */
export async function listedPackages(n8n: N8nServer, apiKey: string | undefined): Promise<InstalledPackage[]> {
  if (INSTALL_ROUTE === 'rest-session') return (await restAsOwner<InstalledPackage[]>(n8n, 'GET', ROUTE, undefined, 'list community packages')).json;
  return (await publicApi(n8n, apiKey).request<InstalledPackage[]>('GET', ROUTE, undefined, { what: 'list community packages', scope: 'communityPackage:list' })).json;
}
