// What deploy sends to n8n's public API for one workflow, how a rendered workflow and a live one
// are compared, and the deploy record a live workflow carries. Pure: data in, data out.
import { createHash } from 'node:crypto';
import { API_LINES, type ApiLine } from './api-lines.js';

/** A workflow as the public API returns it (only the fields deploy reads are typed). */
export interface LiveWorkflow {
  id: string;
  name: string;
  nodes: Array<Record<string, unknown>>;
  connections: Record<string, unknown>;
  settings?: Record<string, unknown> | null;
  versionId?: string | null;
  /** 2.x only: the published version (null when unpublished). Its absence means n8n 1.x. */
  activeVersionId?: string | null;
  active?: boolean;
  staticData?: Record<string, unknown> | string | null;
  updatedAt?: string;
  [key: string]: unknown;
}

/** The body of POST/PUT /api/v1/workflows: the zod DTO is strict, so nothing else may be sent. */
export interface WorkflowBody {
  name: string;
  nodes: Array<Record<string, unknown>>;
  connections: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** 1.123 only: the live static data, sent back with the deploy record in it (api-lines.ts). */
  staticData?: Record<string, unknown>;
}

/**
 * The deploy record: the content hash of what this repository last wrote, kept in the live
 * workflow itself. It travels with the instance, so a new machine, a teammate's clone and a CI
 * runner all see the same record; nothing is kept in a home folder and the repository does not
 * change on every deploy. On 2.x it is a telemetry tag (settings.customTelemetryTags, which n8n
 * stores verbatim and only reads for licensed OpenTelemetry span attributes); n8n 1.123 takes no
 * such setting, so there it is a key of the workflow's static data, which n8n stores verbatim and
 * whose other keys ("global", "node:<name>") belong to the nodes. Either is read on either line,
 * so a workflow deployed to 1.123 keeps its record through an upgrade to 2.x.
 */
export const DEPLOY_RECORD_TAG = 'n8n-lock.deployed';

type Tag = { key: string; value: string };

function tagsOf(settings: Record<string, unknown> | null | undefined): Tag[] {
  const tags = settings?.customTelemetryTags;
  return Array.isArray(tags) ? (tags.filter((t) => t && typeof t === 'object') as Tag[]) : [];
}

/** A workflow's static data as an object (n8n may hand it back as JSON text, or null). */
function staticDataOf(w: { staticData?: LiveWorkflow['staticData'] }): Record<string, unknown> {
  let data = w.staticData;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
}

/** The hash a live workflow says this repository last deployed, if any (settings first, then static data). */
export function deployRecordOf(live: Pick<LiveWorkflow, 'settings' | 'staticData'>): string | undefined {
  const inStaticData = staticDataOf(live)[DEPLOY_RECORD_TAG];
  return tagsOf(live.settings).find((t) => t.key === DEPLOY_RECORD_TAG)?.value ?? (typeof inStaticData === 'string' ? inStaticData : undefined);
}

/** Settings without the deploy record (and without customTelemetryTags when that leaves none). */
function settingsWithoutRecord(settings: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out = { ...(settings ?? {}) };
  if ('customTelemetryTags' in out) {
    const rest = tagsOf(out).filter((t) => t.key !== DEPLOY_RECORD_TAG);
    if (rest.length) out.customTelemetryTags = rest;
    else delete out.customTelemetryTags;
  }
  return out;
}

/** `settings` with the deploy record set to `hash` (other telemetry tags kept). */
export function withDeployRecord(settings: Record<string, unknown>, hash: string): Record<string, unknown> {
  const rest = tagsOf(settings).filter((t) => t.key !== DEPLOY_RECORD_TAG);
  return { ...settings, customTelemetryTags: [...rest, { key: DEPLOY_RECORD_TAG, value: hash }] };
}

/** `body` with the deploy record set to `hash` where `line` keeps it (api-lines.ts). */
export function recorded(body: WorkflowBody, hash: string, line: ApiLine): WorkflowBody {
  if (API_LINES[line].record === 'settings') return { ...body, settings: withDeployRecord(body.settings, hash) };
  return { ...body, staticData: { ...(body.staticData ?? {}), [DEPLOY_RECORD_TAG]: hash } };
}

/** JSON with object keys sorted: two equal values always print the same. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]])) : v,
  );
}

/** What a workflow is, for comparing: name, nodes by name, connections, settings without the record. */
function comparable(w: { name: string; nodes: Array<Record<string, unknown>>; connections: Record<string, unknown>; settings?: Record<string, unknown> | null }): unknown {
  const nodes = [...w.nodes].sort((a, b) => String(a.name).localeCompare(String(b.name)));
  return { name: w.name, nodes, connections: w.connections ?? {}, settings: settingsWithoutRecord(w.settings) };
}

/** The content hash of a live workflow (what the deploy record stores). */
export function contentHash(w: Parameters<typeof comparable>[0]): string {
  return createHash('sha256').update(stableStringify(comparable(w))).digest('hex').slice(0, 32);
}

/**
 * The body for one rendered workflow. Against a live workflow it keeps the live node ids and
 * webhook ids of nodes with the same name where the file has none (n8n mints a new id for every
 * node sent without one, and a new versionId with them), and starts from the live settings, as
 * n8n merges settings on PUT anyway: a key cannot be removed by leaving it out.
 */
export function workflowBody(rendered: Record<string, unknown>, live?: LiveWorkflow, line: ApiLine = '2.x'): WorkflowBody {
  const { settings: acceptedSettings, nodeFields, record: recordIn } = API_LINES[line];
  const liveNodes = new Map((live?.nodes ?? []).map((n) => [String(n.name), n]));
  const nodes = ((rendered.nodes as Array<Record<string, unknown>>) ?? []).map((node) => {
    const out = Object.fromEntries(Object.entries(node).filter(([k]) => nodeFields.has(k)));
    const before = liveNodes.get(String(node.name));
    if (before && before.type === node.type) {
      if (out.id === undefined && before.id !== undefined) out.id = before.id;
      if (out.webhookId === undefined && before.webhookId !== undefined) out.webhookId = before.webhookId;
    }
    return out;
  });
  const fileSettings = (rendered.settings as Record<string, unknown> | undefined) ?? {};
  // Live settings the public API would refuse (an older import's engineType) are not sent back.
  const liveSettings = settingsWithoutRecord(live?.settings);
  const settings: Record<string, unknown> = Object.fromEntries(acceptedSettings.filter((k) => liveSettings[k] !== undefined).map((k) => [k, liveSettings[k]]));
  for (const key of acceptedSettings) {
    const value = fileSettings[key];
    if (value === undefined || value === 'DEFAULT') continue;
    settings[key] = value;
  }
  const body: WorkflowBody = { name: String(rendered.name ?? ''), nodes, connections: (rendered.connections as Record<string, unknown>) ?? {}, settings };
  // 1.123: the static data goes back as it is (the nodes' state in it kept), its record with it.
  if (recordIn === 'staticData' && live) body.staticData = staticDataOf(live);
  const record = deployRecordOf(live ?? {});
  return record ? recorded(body, record, line) : body;
}

/** True when writing `body` would change nothing that counts in `live`. */
export function sameContent(body: WorkflowBody, live: LiveWorkflow): boolean {
  return stableStringify(comparable(body)) === stableStringify(comparable(live));
}

/**
 * One line saying how `live` differs from `body` (what someone changed in n8n, seen from the
 * repository): renamed, nodes added/removed/changed by name, connections, settings keys.
 */
export function describeDifference(body: WorkflowBody, live: LiveWorkflow): string {
  const parts: string[] = [];
  if (body.name !== live.name) parts.push(`renamed to ${JSON.stringify(live.name)}`);
  const mine = new Map(body.nodes.map((n) => [String(n.name), n]));
  const theirs = new Map(live.nodes.map((n) => [String(n.name), n]));
  const added = [...theirs.keys()].filter((n) => !mine.has(n));
  const removed = [...mine.keys()].filter((n) => !theirs.has(n));
  const changed = [...mine.keys()].filter((n) => theirs.has(n) && stableStringify(mine.get(n)) !== stableStringify(theirs.get(n)));
  const list = (names: string[]) => names.slice(0, 3).map((n) => JSON.stringify(n)).join(', ') + (names.length > 3 ? ` (+${names.length - 3})` : '');
  if (added.length) parts.push(`nodes added ${list(added)}`);
  if (removed.length) parts.push(`nodes removed ${list(removed)}`);
  if (changed.length) parts.push(`nodes changed ${list(changed)}`);
  if (stableStringify(body.connections) !== stableStringify(live.connections ?? {})) parts.push('connections changed');
  const a = settingsWithoutRecord(body.settings);
  const b = settingsWithoutRecord(live.settings);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => stableStringify(a[k]) !== stableStringify(b[k])).sort();
  if (keys.length) parts.push(`settings ${keys.join(', ')}`);
  return parts.join('; ') || 'no difference in content';
}

/**
 * What n8n would refuse in a workflow's nodes, found before anything is sent: every node needs a
 * name, a type, a numeric typeVersion, a position of two numbers and a parameters object (n8n
 * 2.41's public-API and package schemas). Returns one line naming the node, or undefined.
 */
export function nodeProblem(nodes: unknown): string | undefined {
  if (!Array.isArray(nodes)) return 'nodes must be a list';
  for (const [i, node] of nodes.entries()) {
    if (!node || typeof node !== 'object') return `nodes[${i}] must be an object`;
    const n = node as Record<string, unknown>;
    const label = typeof n.name === 'string' && n.name ? `node ${JSON.stringify(n.name)}` : `nodes[${i}]`;
    if (typeof n.name !== 'string' || !n.name) return `${label}: name must be a non-empty string`;
    if (typeof n.type !== 'string' || !n.type) return `${label}: type must be a non-empty string`;
    if (typeof n.typeVersion !== 'number' || !Number.isFinite(n.typeVersion)) return `${label}: typeVersion must be a number (got ${JSON.stringify(n.typeVersion)})`;
    if (!Array.isArray(n.position) || n.position.length !== 2 || !n.position.every((v) => typeof v === 'number')) return `${label}: position must be two numbers (got ${JSON.stringify(n.position)})`;
    if (!n.parameters || typeof n.parameters !== 'object' || Array.isArray(n.parameters)) return `${label}: parameters must be an object`;
  }
  return undefined;
}
