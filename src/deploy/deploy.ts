// `n8n-lock deploy`: render for one environment, compare with the live n8n, plan, refuse what
// must be refused before the first write, then apply through the public API (per workflow) in
// the order callees first, and publish last. The CLI wraps this; the API client is passed in.
import { randomBytes } from 'node:crypto';
import { InputError } from '../errors.js';
import { parseEnvFile, envFileText, setWorkflowId, type EnvFile } from '../envs/env-file.js';
import { renderWorkflow } from '../envs/render.js';
import { parseJsonText } from '../workflow/json-file.js';
import { deployedIdOf } from '../envs/workflow-keys.js';
import { N8nApiError, settledValue, type N8nApi, type PublishedWorkflow } from './n8n-api.js';
import { webhookConflict } from './webhook-conflicts.js';
import { webhookRoutes } from '../workflow/webhooks.js';
import { deployOrder, planWorkflow, referencedKeys, type PlannedWorkflow } from './plan.js';
import { packageFiles, tarGz, type PackageCredential } from './n8n-package.js';
import { contentHash, deployRecordOf, nodeProblem, recorded, workflowBody, type LiveWorkflow, type WorkflowBody } from './workflow-body.js';
import { SUPPORTED_N8N } from 'n8n-lock-protocol/n8n-support';
import { API_LINES, type ApiLine } from './api-lines.js';

/** The community package whose nodes need the package on the instance. */
export const NODE_PACKAGE_PREFIX = 'n8n-nodes-lock.';
/** A credential type the package ships: n8n knows it only when the package is loaded. */
export const NODE_PACKAGE_CREDENTIAL_TYPE = 'n8nLockRedisApi';

export interface SourceWorkflow {
  key: string;
  /** Repository-relative path, for messages. */
  file: string;
  text: string;
}

export interface DeployOptions {
  dryRun: boolean;
  force: boolean;
  noPublish: boolean;
  /**
   * 'package': one n8n package import (beta in n8n 2.41; all refusals before anything is written);
   * 'api': workflow by workflow; 'auto': the package where this n8n and key allow it, else 'api'.
   */
  via: 'auto' | 'package' | 'api';
  /**
   * A workflow whose env id the instance does not have is created with that id (a fresh instance
   * for an env file that has ids). Only the package import can keep a chosen id.
   */
  createMissing?: boolean;
}

export interface DeployIo {
  api: N8nApi;
  /** Writes the env file (ids n8n minted); called before anything refers to those ids. */
  saveEnv(env: EnvFile): void;
  progress(line: string): void;
  /** A line for the log whatever the terminal (why deploy fell back to per-workflow calls). */
  note(line: string): void;
}

export interface DeployReport {
  /** 'refused': drift stopped the deploy before anything was written. */
  mode: 'package' | 'per-workflow' | 'dry-run' | 'refused';
  plan: Array<Omit<PlannedWorkflow, 'body'>>;
  created: number;
  updated: number;
  unchanged: number;
  published: number;
  drifted: number;
  refused: boolean;
  forced: boolean;
  /** Ids written back into the env file. */
  minted: Record<string, string>;
  env: EnvFile;
  /** The public API deploy found; undefined when it asked n8n nothing (a dry run that only creates: planned as for 2.x). */
  n8nLine?: ApiLine;
}

/** Stand-in ids for workflows not created yet: they render, and are never sent (creates get real ids first). */
const pendingIds = (keys: Iterable<string>) => Object.fromEntries([...keys].map((key) => [key, `pending-${key}`]));

const hasId = (env: EnvFile, key: string) => deployedIdOf(env.data, key) !== undefined;

/** Renders every selected workflow for `view` (the env, or withIds of it). */
function renderAll(sources: SourceWorkflow[], view: EnvFile): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const s of sources) {
    const rendered = renderWorkflow(s.key, s.text, s.file, view);
    const workflow = parseJsonText(rendered.text, s.file) as Record<string, unknown>;
    delete workflow.id;
    out.set(s.key, workflow);
  }
  return out;
}

/** The env as render sees it with `ids` filled in (nothing written). */
function withIds(env: EnvFile, ids: Record<string, string>): EnvFile {
  const workflows = { ...(env.data.workflows ?? {}) };
  for (const [key, id] of Object.entries(ids)) workflows[key] = { ...(workflows[key] ?? { name: '' }), id };
  return { ...env, data: { ...env.data, workflows } };
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A workflow id as n8n mints them (16 characters of [A-Za-z0-9]); the package import keeps ours. */
export function newWorkflowId(): string {
  // 248 = 4 x 62: bytes at or above it are skipped, so every character is equally likely.
  let id = '';
  while (id.length < 16) for (const byte of randomBytes(32)) if (byte < 248 && id.length < 16) id += ID_ALPHABET[byte % 62];
  return id;
}

/** The credentials the workflows use, as a package's requirements name them. */
function credentialRequirements(workflows: Array<{ id: string; nodes: Array<Record<string, any>> }>): PackageCredential[] {
  const byId = new Map<string, PackageCredential>();
  for (const w of workflows) {
    for (const node of w.nodes) {
      for (const [type, ref] of Object.entries((node.credentials ?? {}) as Record<string, { id?: unknown; name?: unknown }>)) {
        if (!ref || typeof ref.id !== 'string' || !ref.id) continue;
        const entry = byId.get(ref.id) ?? { id: ref.id, name: String(ref.name ?? ''), type, usedByWorkflows: [] };
        if (!entry.usedByWorkflows.includes(w.id)) entry.usedByWorkflows.push(w.id);
        byId.set(ref.id, entry);
      }
    }
  }
  return [...byId.values()];
}

/** The package's source: n8n records it as the lineage of what it imports. */
const PACKAGE_SOURCE_ID = 'n8n-lock';

function nodesOf(workflow: Record<string, unknown>): Array<Record<string, any>> {
  return Array.isArray(workflow.nodes) ? (workflow.nodes as Array<Record<string, any>>) : [];
}

/** Refusals that need the instance: the node package, and every credential a workflow names. */
async function checkInstance(api: N8nApi, rendered: Map<string, Record<string, unknown>>, sources: SourceWorkflow[], io: DeployIo): Promise<void> {
  const usingPackage = [...rendered].filter(([, wf]) => nodesOf(wf).some((n) => String(n.type).startsWith(NODE_PACKAGE_PREFIX))).map(([key]) => key);
  if (usingPackage.length && !(await api.hasCredentialType(NODE_PACKAGE_CREDENTIAL_TYPE, 'check the n8n-nodes-lock package'))) {
    throw new InputError(`${usingPackage.join(', ')} use n8n-nodes-lock nodes, but ${api.base} does not have the community package n8n-nodes-lock installed (Settings > Community Nodes): install it first`);
  }
  const wanted = credentialRequirements([...rendered].map(([key, wf]) => ({ id: key, nodes: nodesOf(wf) })));
  if (wanted.length === 0) return;
  const line = await api.line('check credentials');
  if (!API_LINES[line].listsCredentials) {
    io.note(`deploy: ${API_LINES[line].label}'s public API cannot list credentials: the ${wanted.length} credential(s) the workflows name are not checked before writing (n8n keeps a node whose credential it lacks, and the execution fails)`);
    return;
  }
  const have = new Set((await api.listCredentials('check credentials')).map((c) => c.id));
  const missing = wanted.filter((c) => !have.has(c.id));
  if (missing.length) {
    const [first] = missing;
    const file = sources.find((s) => s.key === first.usedByWorkflows[0])?.file ?? first.usedByWorkflows[0];
    throw new InputError(`${file}: credential ${JSON.stringify(first.name)} (${first.type}, id ${first.id}) is not on ${api.base}${missing.length > 1 ? ` (and ${missing.length - 1} more)` : ''}: create it there and put its id in the env file`);
  }
}

/** What deploy already changed when it stops half-way: every change, named, with the workflow it touched. */
class Written {
  readonly entries: Array<{ line: string; key?: string }> = [];
  add(line: string, key?: string): void {
    this.entries.push({ line, key });
  }
  get lines(): string[] {
    return this.entries.map((e) => e.line);
  }
  fail(error: unknown, rolledBack: string[] = [], kept = this.lines): never {
    const message = (error as Error).message;
    const parts = [message];
    if (rolledBack.length) parts.push(`rolled back: ${rolledBack.join(', ')}`);
    if (kept.length) parts.push(`${rolledBack.length ? 'still written' : 'already written'}: ${kept.join(', ')}`);
    else if (!rolledBack.length) parts.push('nothing was written');
    throw new N8nApiError(parts.join('; '));
  }
}

/** Refusals a published route would meet in n8n (HTTP 409 on publish), checked before the first write. */
async function checkWebhookRoutes(api: N8nApi, planned: PlannedWorkflow[], rendered: Map<string, Record<string, unknown>>, sources: SourceWorkflow[], io: DeployIo): Promise<void> {
  const publishing = planned
    .filter((p) => p.publish)
    .map((p) => ({ key: p.key, id: p.id, file: sources.find((s) => s.key === p.key)!.file, nodes: nodesOf(rendered.get(p.key)!) }));
  if (!publishing.some((p) => webhookRoutes(p.nodes).length > 0)) return;
  let live: PublishedWorkflow[] | undefined;
  try {
    live = await api.listPublishedWorkflows('check webhook paths');
  } catch (error) {
    if (!(error instanceof N8nApiError && error.status === 403)) throw error;
    io.note(`deploy: ${error.message}: webhook paths checked within this deploy only, not against the published workflows`);
  }
  const conflict = webhookConflict(publishing, live, api.base);
  if (conflict) throw new InputError(conflict);
}

/**
 * Deploys `sources` (the selected workflows) for `env`. `allSources` is every workflow of the
 * repository: whether another workflow calls one decides whether it must run published.
 */
export async function deploy(sources: SourceWorkflow[], allSources: SourceWorkflow[], envIn: EnvFile, options: DeployOptions, io: DeployIo): Promise<DeployReport> {
  let env = envIn;
  const { api } = io;
  const selected = new Set(sources.map((s) => s.key));
  const creating = new Set(sources.filter((s) => !hasId(env, s.key)).map((s) => s.key));
  // A reference to a workflow that has no id and is not deployed with this one would dangle.
  for (const s of sources) {
    for (const ref of referencedKeys(s.text)) {
      if (!selected.has(ref) && !hasId(env, ref)) {
        throw new InputError(`${s.file}: refers to workflows.${ref}.id, which has no id in ${env.file} and is not deployed with it: deploy ${ref} too`);
      }
    }
  }
  // Every placeholder resolves, and every node has what n8n requires, before n8n is asked anything.
  let rendered = renderAll(sources, withIds(env, pendingIds(creating)));
  for (const s of sources) {
    const problem = nodeProblem(rendered.get(s.key)!.nodes);
    if (problem) throw new InputError(`${s.file}: ${problem}`);
  }

  // Which public API n8n serves, asked before deploy's first call to n8n (a dry run that only
  // creates makes none, and plans as for 2.x): what a body may hold, where the record lives, and
  // whether a workflow is published or activated follow it (api-lines.ts).
  api.lineBeforeFirstCall();
  const lineNow = (): ApiLine => api.answeredLine ?? '2.x';
  const live = new Map<string, LiveWorkflow>();
  /** Env ids the instance does not have, created with that id (--create-missing). */
  const keepIds = new Set<string>();
  const existing = sources.filter((s) => !creating.has(s.key)).map((s) => ({ key: s.key, id: env.data.workflows![s.key].id }));
  const reads = await api.getWorkflows(existing.map(({ key, id }) => ({ id, what: `read ${key}` })));
  for (const [i, { key, id }] of existing.entries()) {
    const liveOne = settledValue(reads[i]);
    if (!liveOne && options.createMissing) {
      if (options.via === 'api') throw new InputError('--create-missing needs the package import (--via package or auto): the public API cannot create a workflow with a chosen id');
      if (!API_LINES[lineNow()].packageImport) throw new InputError(`--create-missing needs the package import, which ${API_LINES[lineNow()].label} does not have (${api.base}): its public API cannot create a workflow with a chosen id; empty the id in ${env.file} to create it anew`);
      keepIds.add(key);
      continue;
    }
    if (!liveOne) throw new InputError(`${env.file}: workflows.${key}.id ${JSON.stringify(id)} is not on ${api.base} (deleted there, or the wrong instance?); empty the id to create it anew, or pass --create-missing to create it with this id`);
    if (!('activeVersionId' in liveOne)) throw new InputError(NO_VERSIONS(api));
    live.set(key, liveOne);
  }
  await checkInstance(api, rendered, sources, io);
  // A deploy that writes asks n8n in any case: the plan is made for the line it serves.
  if (!options.dryRun) await api.line('ask which public API n8n serves');
  if (options.via === 'package' && !API_LINES[lineNow()].packageImport) throw new InputError(`--via package: ${API_LINES[lineNow()].label} (${api.base}) has no package import (POST /api/v1/n8n-packages/import): deploy with --via api or auto`);

  const calledKeys = new Set(allSources.flatMap((s) => referencedKeys(s.text).filter((k) => k !== s.key)));
  const order = deployOrder(
    sources.map((s) => s.key),
    (key) => referencedKeys(sources.find((s) => s.key === key)!.text),
  );
  const plan = () =>
    order.map((key) => {
      const id = creating.has(key) ? '' : env.data.workflows![key].id;
      return planWorkflow({ key, id, rendered: rendered.get(key)!, live: live.get(key), called: calledKeys.has(key) }, options.noPublish, lineNow());
    });
  const planned = plan();
  await checkWebhookRoutes(api, planned, rendered, sources, io);
  const drifted = planned.filter((p) => p.action === 'drifted').length;
  const report: DeployReport = {
    // The path deploy takes (a refused deploy says which it would have taken; auto may fall back).
    mode: options.dryRun ? 'dry-run' : options.via === 'api' ? 'per-workflow' : 'package',
    plan: planned.map(({ body: _body, ...rest }) => rest),
    // A dry run counts what it would do; an applied deploy counts what it did.
    created: options.dryRun ? planned.filter((p) => p.action === 'create').length : 0,
    updated: options.dryRun ? planned.filter((p) => p.action === 'update').length : 0,
    unchanged: planned.filter((p) => p.action === 'unchanged').length,
    published: 0,
    drifted,
    refused: drifted > 0 && !options.force,
    forced: drifted > 0 && options.force,
    minted: {},
    env,
    n8nLine: api.answeredLine,
  };
  if (report.refused && !options.dryRun) report.mode = 'refused';
  if (options.dryRun || report.refused) return report;

  const written = new Written();
  /** Workflows this run created (with the ids they got), and every key it published. */
  const created: Array<{ key: string; id: string }> = [];
  const publishedKeys = new Set<string>();
  // The plan as first made stays the plan: writing only fills in the ids n8n or deploy chose (a
  // re-plan would see a created workflow as the empty one it briefly was).
  const plannedByKey = new Map(planned.map((p) => [p.key, p]));
  const withFinalIds = () => report.plan.map((p) => ({ ...p, id: env.data.workflows![p.key].id }));
  /**
   * Makes the live workflow's record hash what n8n stores: after a write where n8n added something
   * (a webhook id), or for unchanged content without a current record (pulled, or deployed before
   * records). n8n's own nodes and connections are sent back, so n8n keeps the versionId.
   */
  const recordStored = async (key: string, id: string, current: LiveWorkflow): Promise<LiveWorkflow> => {
    if (deployRecordOf(current) === contentHash(current)) return current;
    const same = workflowBody(current as unknown as Record<string, unknown>, current, lineNow());
    return noteLive(key, await api.updateWorkflow(id, recorded(same, contentHash(current), lineNow()), `record ${key}`));
  };
  /**
   * A write that n8n made live at once (1.123 with an active workflow: no draft there) counts as
   * published: a roll-back must not delete what it may call.
   */
  const noteLive = (key: string, after: LiveWorkflow): LiveWorkflow => {
    if (after.activeVersionId != null && after.activeVersionId === after.versionId && API_LINES[lineNow()].goesLive === 'activate') publishedKeys.add(key);
    return after;
  };
  /** Publishes in order (callees first: n8n checks a caller's sub-workflows when it publishes it). */
  const publishAll = async (toPublish: Array<{ key: string; id: string; versionId?: string }>) => {
    for (const p of toPublish) {
      await api.publish(p.id, p.versionId, `publish ${p.key}`);
      written.add(`published ${p.key}`, p.key);
      publishedKeys.add(p.key);
      report.published++;
      io.progress(`deploy: published ${p.key} (${p.id})`);
    }
  };
  const saveMinted = (ids: Record<string, string>, names: Map<string, Record<string, unknown>>) => {
    const file = env.file;
    for (const [key, id] of Object.entries(ids)) setWorkflowId(env, key, id, String(env.data.workflows?.[key]?.name ?? names.get(key)!.name ?? key));
    io.saveEnv(env);
    written.add(`${file} (ids of ${Object.keys(ids).join(', ')})`, ENV_ENTRY);
    env = parseEnvFile(envFileText(env), env.file, env.name);
    report.env = env;
    report.minted = { ...ids };
  };
  try {
    if (options.via !== 'api' && !API_LINES[lineNow()].packageImport) {
      io.note(`deploy: ${API_LINES[lineNow()].label} has no package import: deploying workflow by workflow`);
      report.mode = 'per-workflow';
    } else if (options.via !== 'api') {
      // One import: n8n keeps the ids we choose, and checks node types and credentials for the
      // whole package before it writes anything.
      const ids = Object.fromEntries([...creating].map((key) => [key, newWorkflowId()]));
      const view = withIds(env, ids);
      const renderedWithIds = renderAll(sources, view);
      const steps = order.map((key) =>
        planWorkflow({ key, id: view.data.workflows![key].id, rendered: renderedWithIds.get(key)!, live: live.get(key), called: calledKeys.has(key) }, options.noPublish, lineNow()),
      );
      const changed = steps.filter((step) => step.action !== 'unchanged');
      const workflows = changed.map((step) => ({
        id: view.data.workflows![step.key].id,
        body: recorded(step.body, contentHash(step.body), lineNow()),
        publish: step.publish,
      }));
      const outcome = changed.length
        ? await api.importPackage(tarGz(packageFiles(workflows, credentialRequirements(workflows.map((w) => ({ id: w.id, nodes: w.body.nodes }))), new Date(), PACKAGE_SOURCE_ID)), `import ${changed.length} workflow(s)`)
        : ({ imported: true, workflows: [] } as const);
      if (!outcome.imported && options.via === 'package') throw new InputError(`--via package: ${outcome.why}`);
      if (!outcome.imported && keepIds.size) throw new InputError(`--create-missing: ${outcome.why}, and the public API cannot create a workflow with a chosen id`);
      if (outcome.imported) {
        for (const step of changed) written.add(`imported ${step.key}`, step.key);
        for (const [key, id] of Object.entries(ids)) created.push({ key, id });
        if (Object.keys(ids).length) saveMinted(ids, renderedWithIds);
        const toPublish: Array<{ key: string; id: string; versionId?: string }> = [];
        const reads = await api.getWorkflows(changed.map((step) => ({ id: env.data.workflows![step.key].id, what: `read ${step.key} after the import` })));
        const imported = new Map(changed.map((step, i) => [step, reads[i]]));
        for (const step of steps) {
          const id = env.data.workflows![step.key].id;
          if (step.action === 'unchanged') {
            if ((await recordStored(step.key, id, live.get(step.key)!)) !== live.get(step.key)) written.add(`recorded ${step.key}`, step.key);
            if (step.publish) toPublish.push({ key: step.key, id, versionId: live.get(step.key)!.versionId ?? undefined });
            continue;
          }
          const after = await recordStored(step.key, id, settledValue(imported.get(step)!)!);
          if (step.action === 'create') report.created++;
          else report.updated++;
          io.progress(`deploy: ${step.action === 'create' ? 'created' : 'updated'} ${step.key} (${id})`);
          if (step.publish && after.activeVersionId !== after.versionId) toPublish.push({ key: step.key, id, versionId: after.versionId ?? undefined });
        }
        await publishAll(toPublish);
        report.plan = withFinalIds();
        return report;
      }
      io.note(`deploy: ${outcome.why}: deploying workflow by workflow`);
      report.mode = 'per-workflow';
    }

    // Workflow by workflow. 1. Ids first: n8n mints them (the public API refuses ours), and every
    // reference needs them.
    if (creating.size) {
      const ids: Record<string, string> = {};
      for (const key of order.filter((k) => creating.has(k))) {
        const name = String(rendered.get(key)!.name ?? key);
        // The empty workflow carries its record too: when a later step fails, the next deploy
        // updates it instead of calling it drifted.
        const empty: WorkflowBody = { name, nodes: [], connections: {}, settings: {} };
        const stub = recorded(empty, contentHash(empty), lineNow());
        const made = await api.createWorkflow(stub, `create ${key}`);
        if (!('activeVersionId' in made)) throw new InputError(NO_VERSIONS(api));
        written.add(`created ${key} (${made.id}, empty)`, key);
        created.push({ key, id: made.id });
        ids[key] = made.id;
        live.set(key, made);
        io.progress(`deploy: created ${key} as ${made.id}`);
      }
      saveMinted(ids, rendered);
      creating.clear();
      rendered = renderAll(sources, env);
    }
    // 2. Content, callees first.
    const final = plan();
    const toPublish: Array<{ key: string; id: string; versionId?: string }> = [];
    for (const step of final) {
      const wasCreated = report.minted[step.key] !== undefined;
      const id = env.data.workflows![step.key].id;
      if (step.action === 'unchanged' && !wasCreated) {
        if ((await recordStored(step.key, id, live.get(step.key)!)) !== live.get(step.key)) written.add(`recorded ${step.key}`, step.key);
        if (step.publish) toPublish.push({ key: step.key, id, versionId: live.get(step.key)!.versionId ?? undefined });
        continue;
      }
      const body = recorded(step.body, contentHash(step.body), lineNow());
      const after = await recordStored(step.key, id, noteLive(step.key, await api.updateWorkflow(id, body, `${wasCreated ? 'write' : 'update'} ${step.key}`)));
      written.add(`${wasCreated ? 'wrote' : 'updated'} ${step.key}`, step.key);
      if (wasCreated) report.created++;
      else report.updated++;
      io.progress(`deploy: ${wasCreated ? 'wrote' : 'updated'} ${step.key} (${id})`);
      if (plannedByKey.get(step.key)!.publish && after.activeVersionId !== after.versionId) toPublish.push({ key: step.key, id, versionId: after.versionId ?? undefined });
    }
    // 3. Publish, callees first.
    await publishAll(toPublish);
    report.plan = withFinalIds();
  } catch (error) {
    if (error instanceof InputError) await rollBack(error);
    throw error;
  }
  return report;

  /**
   * After a failed write: deletes the workflows this run created and restores the env file, so a
   * failed deploy leaves no duplicate behind (a publish refused with 409 after the import). Not
   * when this run published a workflow it did not create: that one may call the new ones, and
   * deleting them would break it in production; then the message says what to delete by hand.
   * Always throws, naming what was rolled back and what is still written.
   */
  async function rollBack(error: InputError): Promise<never> {
    if (created.length === 0) written.fail(error);
    const createdKeys = new Set(created.map((c) => c.key));
    const publishedCallers = [...publishedKeys].filter((key) => !createdKeys.has(key));
    if (publishedCallers.length) {
      const what = created.map((c) => `${c.key} (${c.id})`).join(', ');
      written.fail(error, [], [...written.lines, `not rolled back, because ${publishedCallers.join(', ')} ${publishedCallers.length > 1 ? 'are' : 'is'} published and may call ${what}: to undo it by hand, delete ${created.length > 1 ? 'those' : 'it'} in n8n and ${created.length > 1 ? 'their ids' : 'its id'} from ${envIn.file}`]);
    }
    const rolledBack: string[] = [];
    const left: typeof created = [];
    const failures: string[] = [];
    // Callers before callees (the reverse of creation): n8n may refuse to delete a sub-workflow that a workflow still names.
    for (const c of [...created].reverse()) {
      try {
        await api.deleteWorkflow(c.id, `roll back ${c.key}`);
        rolledBack.push(`deleted ${c.key} (${c.id})`);
      } catch (deleteError) {
        left.push(c);
        failures.push(`${c.key} (${c.id}) could not be deleted (${(deleteError as Error).message}): its id stays in ${envIn.file}, so the next deploy updates it; or delete it in n8n and remove the id`);
      }
    }
    // saveMinted wrote the env file (and set report.minted) once the created workflows had ids.
    if (Object.keys(report.minted).length > 0) {
      // The env file as it was, plus the ids of what could not be deleted (named as saveMinted named them).
      const restored = parseEnvFile(envIn.text, envIn.file, envIn.name);
      for (const c of left.reverse()) setWorkflowId(restored, c.key, c.id, String(env.data.workflows![c.key].name));
      io.saveEnv(restored);
      rolledBack.push(left.length ? `${envIn.file} (only the ids of what could not be deleted kept)` : `${envIn.file} restored`);
    }
    const kept = written.entries.filter((e) => e.key !== ENV_ENTRY && !(e.key !== undefined && createdKeys.has(e.key))).map((e) => e.line);
    return written.fail(error, rolledBack, [...kept, ...failures]);
  }
}

/** An n8n whose workflows have no versions: a 1.x older than the 1.123 line, outside the range. */
const NO_VERSIONS = (api: N8nApi) => `${api.base} is an n8n 1.x older than 1.123 (its workflows have no activeVersionId): deploy and pull support ${SUPPORTED_N8N}`;

/** The Written entry of the env file's new ids (restored by a roll-back). */
const ENV_ENTRY = '\0env';
