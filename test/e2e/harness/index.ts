// The real-n8n harness: a cached Node 24 + n8n install, a throwaway redis-server, a throwaway n8n
// with our workflows imported and published, and everything stopped again whatever happens.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasActivatableTrigger } from '../../../src/workflow/graph.js';
import { ensureN8n, N8N_1X, type N8nInstall } from './install.js';
import { N8nServer, type E2eMode, type N8nOptions, type PublishMode } from './n8n.js';
import { NODE_PACKAGE_DIR, packNodePackage } from './node-package.js';
import { NpmRegistry } from './npm-registry.js';
import { INSTALL_ROUTE, installThroughN8n, PACKAGE_SCOPES, type InstalledPackage } from './community-package.js';
import { memoryReport } from './proc.js';
import { RedisServer, requireRedisServer } from './redis.js';
import { log, seconds } from './util.js';
import { createApiKey } from './api-key.js';
import { deployRepository, deployWorkflowObjects, type DeployRun } from './deploy-cli.js';

export { ensureN8n, cacheRoot, NODE_VERSION, N8N_VERSION, N8N_1X, type N8nInstall } from './install.js';
export { N8nServer, N8nWorker, WORKFLOW_ID, type E2eMode, type ExecutionSummary, type WebhookResponse, type PublishMode, type Query } from './n8n.js';
export { PostgresDatabase, SqliteDatabase, postgresServerUrl, type N8nDatabase } from './database.js';
export { packNodePackage, NODE_PACKAGE_DIR } from './node-package.js';
export { NpmRegistry } from './npm-registry.js';
export { installThroughN8n, updateThroughN8n, uninstallThroughN8n, listedPackages, installedVersionIn, PACKAGE_SCOPES, INSTALL_ROUTE, type InstallRoute, type InstalledPackage } from './community-package.js';
export { RedisServer, findRedisServer, requireRedisServer } from './redis.js';
export { memoryReport, runCommand, Background, liveProcessGroups, groupCpuMs } from './proc.js';
export { log, sleep, seconds, waitFor, freePort, isCI, Unavailable, median, p95, fetchAgainIfStale } from './util.js';

/** The id and name the harness gives the Redis credential unless told otherwise. */
export const REDIS_CREDENTIAL = { id: 'E2eRedisCred0001', name: 'Redis e2e' };

/**
 * The modes a run covers: N8N_LOCK_E2E_MODE=regular|queue picks one, unset means both. Anything
 * else is a mistake worth stopping for, not a silent skip.
 */
export function selectedModes(): E2eMode[] {
  const value = (process.env.N8N_LOCK_E2E_MODE ?? '').trim();
  if (value === '' || value === 'both') return ['regular', 'queue'];
  if (value === 'regular' || value === 'queue') return [value];
  throw new Error(`N8N_LOCK_E2E_MODE must be regular, queue or unset (both), got ${JSON.stringify(value)}`);
}

export interface StackOptions {
  /** Prefix of the throwaway directory under the system temp dir. */
  name?: string;
  /** 'regular' (one n8n on SQLite, default) or 'queue' (main + workers on PostgreSQL; n8n.workers sets how many). */
  mode?: E2eMode;
  /** Workflows to import (objects with fixed 16-character ids, or a directory of files); may be built inside the stack's directory. */
  workflows?: string | Array<Record<string, unknown>> | ((dir: string) => string | Array<Record<string, unknown>>);
  /**
   * A workflow repository to deploy with `n8n-lock deploy` through n8n's public API once n8n is
   * up (owner and API key made through n8n's own REST routes), instead of import + publish.
   */
  deploy?: (dir: string) => { repo: string; env: string; via?: 'package' | 'api' };
  /**
   * How `workflows` reach n8n: 'deploy' (default) with `n8n-lock deploy` through the public API
   * once n8n is up; 'cli' with `n8n import:workflow` + `n8n publish:workflow` before it starts, the
   * path the README documents for installations without the public API (the smoke test keeps it).
   */
  workflowsVia?: 'deploy' | 'cli';
  /** With workflowsVia 'cli': ids to publish; default every imported workflow. */
  publish?: string[];
  publishMode?: PublishMode;
  /** Webhook paths that must answer before the stack counts as up. */
  webhookPaths?: string[];
  redisCredential?: { id: string; name: string };
  /** More credentials to import beside the harness's Redis one (n8n's import:credentials format). */
  credentials?: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>;
  n8n?: N8nOptions;
  /**
   * Pack n8n-nodes/, publish it to the suite's npm registry and install it through n8n's own
   * community-package installer once n8n runs (the suites of the package's nodes). 'published':
   * only pack and publish it, for a test that installs it itself (and expects n8n to refuse it).
   */
  nodePackage?: boolean | 'published';
  /** Keep the state directory when the start fails (default true: the logs say why; the fault tests expect failures and keep nothing). */
  keepOnFailure?: boolean;
}

export interface Stack {
  dir: string;
  install: N8nInstall;
  redis: RedisServer;
  n8n: N8nServer;
  /** With `deploy`: the API key the harness made (give it to n8n-lock as N8N_API_KEY) and the first deploy's run. */
  apiKey?: string;
  deployRun?: DeployRun;
  /** With `nodePackage`: the registry it was published to, n8n's record of the install, and a key that may install, update and uninstall. */
  registry?: NpmRegistry;
  nodePackage?: InstalledPackage;
  packageApiKey?: string;
  /** Milliseconds per phase; `up` is everything after the install (the warm start). */
  timings: Record<string, number>;
  stop(options?: { keep?: boolean }): Promise<void>;
}

/** Workflow objects from a list, or from the `.json` files of a directory. */
function workflowObjects(source: string | Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  if (typeof source !== 'string') return source;
  return readdirSync(source).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(join(source, f), 'utf8')) as Record<string, unknown>);
}


/** Installs (or reuses) n8n, starts redis-server and n8n with the workflows published and their webhooks live. */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const phase = (name: string) => {
    timings[name] = Date.now() - mark;
    mark = Date.now();
  };
  requireRedisServer(); // before a 5-minute install, not after
  const install = await ensureN8n();
  timings.install = install.ms;
  if (install.cold) log(`cold install took ${seconds(install.ms)}`);
  mark = Date.now();
  const upStarted = Date.now();
  const dir = mkdtempSync(join(tmpdir(), `${options.name ?? 'n8n-lock-e2e'}-`));
  const redis = new RedisServer();
  if (options.nodePackage && options.workflowsVia === 'cli') throw new Error('nodePackage: the package is installed once n8n runs, so its workflows are deployed after it (not imported before)');
  const registry = options.nodePackage ? new NpmRegistry() : undefined;
  let n8nOptions: N8nOptions = { ...options.n8n, mode: options.mode ?? options.n8n?.mode };
  if (registry) {
    await registry.start(install, dir);
    await registry.publish(await packNodePackage(join(dir, 'packages')));
    const env = { ...registry.n8nEnv(), ...options.n8n?.env };
    // One CA bundle when a suite brings its own (the TLS Redis deployments) beside the registry's.
    if (options.n8n?.env?.NODE_EXTRA_CA_CERTS) {
      env.NODE_EXTRA_CA_CERTS = join(dir, 'extra-ca-bundle.pem');
      writeFileSync(env.NODE_EXTRA_CA_CERTS, [registry.n8nEnv().NODE_EXTRA_CA_CERTS, options.n8n.env.NODE_EXTRA_CA_CERTS].map((f) => readFileSync(f, 'utf8')).join('\n'));
    }
    n8nOptions = { ...n8nOptions, env };
    phase('registry');
  }
  const n8n = new N8nServer(install, dir, n8nOptions);
  let stopped = false;
  const stop = async ({ keep = false } = {}) => {
    if (stopped) return;
    stopped = true;
    keep ||= Boolean(process.env.N8N_LOCK_E2E_KEEP);
    await n8n.stop().catch((error) => log(`stopping n8n: ${error.message}`));
    await redis.stop().catch((error) => log(`stopping redis-server: ${error.message}`));
    await registry?.stop().catch((error) => log(`stopping the npm registry: ${error.message}`));
    // The state folder is kept when something failed; a database on a shared PostgreSQL server
    // only on request, so failed runs never pile up databases there.
    await n8n.dispose({ keep: Boolean(process.env.N8N_LOCK_E2E_KEEP) }).catch((error) => log(`removing n8n's database: ${error.message}`));
    log(memoryReport());
    if (keep) log(`kept ${dir} (n8n.log, n8n-worker-<i>.log, n8n-cli.log, redis.log${n8n.mode === 'regular' ? ', n8n/.n8n/database.sqlite' : ''})`);
    else rmSync(dir, { recursive: true, force: true });
  };
  try {
    await redis.start(dir);
    phase('redis');
    await n8n.prepare({ host: redis.host, port: redis.port });
    phase('prepare');
    const credential = options.redisCredential ?? REDIS_CREDENTIAL;
    await n8n.importCredentials([n8n.redisCredential(credential.id, credential.name, redis.port), ...(options.credentials ?? [])]);
    phase('credentials');
    const viaCli = options.workflowsVia === 'cli';
    let imported: string[] = [];
    let toDeploy: string | Array<Record<string, unknown>> | undefined;
    if (options.workflows) {
      const source = typeof options.workflows === 'function' ? options.workflows(dir) : options.workflows;
      if (viaCli) imported = (await n8n.importWorkflows(source)).ids;
      else toDeploy = source;
    }
    if (viaCli) {
      phase('import');
      const toPublish = options.publish ?? imported;
      if (toPublish.length) await n8n.publish(toPublish, options.publishMode);
      phase('publish');
    }
    const deploying = Boolean(options.deploy || toDeploy);
    const { readyMs, webhooksMs, workersMs } = await n8n.start(deploying ? [] : options.webhookPaths ?? []);
    timings.readiness = readyMs;
    timings.webhooks = webhooksMs;
    if (n8n.workers.length) timings.workers = workersMs;
    let nodePackage: InstalledPackage | undefined;
    let packageApiKey: string | undefined;
    if (registry && options.nodePackage !== 'published') {
      mark = Date.now();
      const manifest = JSON.parse(readFileSync(join(NODE_PACKAGE_DIR, 'package.json'), 'utf8')) as { name: string; version: string };
      // n8n 1.x installs through the editor's route with the owner's session: no key (its keys have no communityPackage scopes).
      if (INSTALL_ROUTE === 'public-api') packageApiKey = await createApiKey(n8n.baseUrl, PACKAGE_SCOPES, 'n8n-lock e2e packages');
      nodePackage = await installThroughN8n(n8n, packageApiKey, manifest.name, manifest.version);
      phase('package');
    }
    let apiKey: string | undefined;
    let deployRun: DeployRun | undefined;
    if (toDeploy && !options.deploy && N8N_1X) {
      // n8n 1.x has no package import, the route that creates the suites' workflows with their
      // fixed ids once the package is installed: they are imported with n8n's CLI instead, what has
      // a trigger is activated (1.x refuses to activate a sub-workflow or an error workflow, and
      // runs them inactive), and n8n starts again to load them.
      mark = Date.now();
      await n8n.stop();
      const workflows = workflowObjects(toDeploy);
      await n8n.importWorkflows(workflows);
      const activatable = workflows.filter((wf) => hasActivatableTrigger((wf.nodes as Array<Record<string, unknown>>) ?? [])).map((wf) => String(wf.id));
      if (activatable.length) await n8n.publish(activatable);
      await n8n.start(options.webhookPaths ?? []);
      apiKey = await createApiKey(n8n.baseUrl);
      phase('import');
    } else if (deploying) {
      mark = Date.now();
      apiKey = await createApiKey(n8n.baseUrl);
      if (options.deploy) {
        const target = options.deploy(dir);
        deployRun = deployRepository(target.repo, target.env, n8n.baseUrl, apiKey, target.via ? ['--via', target.via] : []);
      } else {
        deployRun = deployWorkflowObjects(dir, workflowObjects(toDeploy!), n8n.baseUrl, apiKey);
      }
      if (deployRun.status !== 0) throw new Error(`n8n-lock deploy failed (exit ${deployRun.status}): ${deployRun.stderr.trim()}`);
      phase('deploy');
      timings.webhooks += await n8n.waitForWebhooks(options.webhookPaths ?? []);
      mark = Date.now();
    }
    timings.up = Date.now() - upStarted;
    log(`stack up in ${seconds(timings.up)} after the install (${Object.entries(timings).filter(([k]) => k !== 'up').map(([k, v]) => `${k} ${seconds(v)}`).join(', ')})`);
    return { dir, install, redis, n8n, timings, stop, apiKey, deployRun, registry, nodePackage, packageApiKey };
  } catch (error) {
    await stop({ keep: options.keepOnFailure ?? true });
    throw error;
  }
}
