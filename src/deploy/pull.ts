// `n8n-lock pull`: a live workflow back into its repository file, with every value the env file
// holds turned back into its placeholder. Pure: live workflow, source text and env in, text out.
// The property (tested): rendering the pulled file gives what is live, and pulling an unchanged
// workflow returns the file byte for byte.
import type { EnvFile } from '../envs/env-file.js';
import { renderWorkflow, resolveForEnv } from '../envs/render.js';
import { unrenderLockScopesLine } from '../envs/lock-scopes-line.js';
import { DEFAULT_JSON_STYLE, detectJsonStyle, parseJsonText, stringifyJson } from '../workflow/json-file.js';
import { findPlaceholders, placeholder } from '../workflow/placeholders.js';
import { DEPLOY_RECORD_TAG, sameContent, workflowBody, type LiveWorkflow } from './workflow-body.js';
import { API_LINES, type ApiLine } from './api-lines.js';

export interface PullResult {
  text: string;
  /** The file already renders to what is live: `text` is the file as it was. */
  identical: boolean;
}

type Json = unknown;

/** A string of the source rendered alone (a placeholder inside it resolved as render would). */
function renderString(value: string, env: EnvFile): string | undefined {
  const { text, problems } = resolveForEnv(JSON.stringify(value), env);
  return problems.length ? undefined : (JSON.parse(text) as string);
}

/** Env values that are ids or names of workflows and credentials, by value, with their path. */
function envValues(env: EnvFile): { ids: Map<string, string>; credentials: Map<string, string> } {
  const ids = new Map<string, string>();
  for (const [key, ref] of Object.entries(env.data.workflows ?? {})) if (ref?.id) ids.set(ref.id, `workflows.${key}.id`);
  const credentials = new Map<string, string>();
  for (const [name, ref] of Object.entries((env.data.credentials ?? {}) as Record<string, { id?: unknown; name?: unknown }>)) {
    if (typeof ref?.id === 'string' && ref.id) credentials.set(`id:${ref.id}`, `credentials.${name}.id`);
    if (typeof ref?.name === 'string' && ref.name) credentials.set(`name:${ref.name}`, `credentials.${name}.name`);
  }
  return { ids, credentials };
}

/**
 * Puts placeholders back into `value` (from the live workflow): where the source has a string
 * with placeholders at the same place (nodes matched by name) that renders to the live string,
 * the source string; else a string that is a workflow id the env holds, or a credential id/name
 * under `credentials.<type>`, becomes its placeholder; the error handler's scopes line too.
 */
function unrender(value: Json, source: Json, env: EnvFile, known: ReturnType<typeof envValues>, path: string[]): Json {
  if (typeof value === 'string') {
    if (typeof source === 'string' && findPlaceholders(source).length && renderString(source, env) === value) return source;
    const inCredentials = path.length >= 3 && path[path.length - 3] === 'credentials';
    const field = path[path.length - 1];
    if (inCredentials && (field === 'id' || field === 'name')) {
      const p = known.credentials.get(`${field}:${value}`);
      if (p) return placeholder(p);
    }
    const workflow = known.ids.get(value);
    if (workflow) return placeholder(workflow);
    if (field === 'jsCode' && value.includes('\n')) {
      return value
        .split('\n')
        .map((line) => unrenderLockScopesLine(line) ?? line)
        .join('\n');
    }
    return value;
  }
  if (Array.isArray(value)) {
    const sourceList = Array.isArray(source) ? source : [];
    const byName = new Map(sourceList.filter((s) => s && typeof s === 'object' && 'name' in (s as object)).map((s) => [String((s as { name: unknown }).name), s]));
    return value.map((item, i) => {
      const named = item && typeof item === 'object' && 'name' in (item as object) ? byName.get(String((item as { name: unknown }).name)) : undefined;
      return unrender(item, named ?? sourceList[i], env, known, [...path, String(i)]);
    });
  }
  if (value && typeof value === 'object') {
    const src = source && typeof source === 'object' && !Array.isArray(source) ? (source as Record<string, Json>) : undefined;
    // Keys in the file's order at every depth: the editor writes an edited parameter back last, and
    // a pull that kept n8n's order would move it in the file (a diff of two lines for one edit).
    return Object.fromEntries(Object.entries(ordered(value as Record<string, Json>, src)).map(([k, v]) => [k, unrender(v, src?.[k], env, known, [...path, k])]));
  }
  return value;
}

/** Keys in the order of `template`, then the rest in their own order. */
function ordered(obj: Record<string, Json>, template: Record<string, Json> | undefined): Record<string, Json> {
  if (!template) return obj;
  const keys = [...Object.keys(template).filter((k) => k in obj), ...Object.keys(obj).filter((k) => !(k in template))];
  return Object.fromEntries(keys.map((k) => [k, obj[k]]));
}

const NODE_FIELDS_FROM_N8N = ['createdAt', 'updatedAt'];

/**
 * The repository file for `live`. `sourceText` is the file as it is (undefined for a workflow the
 * repository does not have yet); `key` is its key in the env file; `line` the public API it came
 * from (settings that line does not carry stay as the file has them).
 */
export function pullWorkflow(key: string, live: LiveWorkflow, sourceText: string | undefined, file: string, env: EnvFile, line: ApiLine = '2.x'): PullResult {
  if (sourceText !== undefined) {
    const rendered = parseJsonText(renderWorkflow(key, sourceText, file, env).text, file) as Record<string, unknown>;
    if (sameContent(workflowBody(rendered, live, line), live)) return { text: sourceText, identical: true };
  }
  const source = sourceText === undefined ? undefined : (parseJsonText(sourceText, file) as Record<string, Json>);
  const known = envValues(env);
  const liveSettings = (live.settings ?? {}) as Record<string, unknown>;
  // The settings deploy sends come from n8n; keys deploy never sends (engineType) stay as the file has them.
  const settings: Record<string, Json> = { ...((source?.settings as Record<string, Json>) ?? {}) };
  const { settings: carried, settingDefaults } = API_LINES[line];
  for (const k of carried) {
    if (k === 'customTelemetryTags') continue;
    // A default n8n filled in itself is not an edit: a file that does not set it stays without it.
    if (k in settingDefaults && !(k in settings) && liveSettings[k] === settingDefaults[k]) continue;
    if (liveSettings[k] !== undefined) settings[k] = liveSettings[k];
    else delete settings[k];
  }
  const tags = Array.isArray(liveSettings.customTelemetryTags) ? (liveSettings.customTelemetryTags as Array<{ key: string }>) : [];
  const ownTags = tags.filter((t) => t?.key !== DEPLOY_RECORD_TAG);
  if (ownTags.length) settings.customTelemetryTags = ownTags;
  // Each node's keys in the order its file had them, so a one-field edit is a one-field diff.
  const sourceNodes = new Map(((source?.nodes as Array<Record<string, Json>>) ?? []).map((n) => [String(n.name), n]));
  const nodes = live.nodes.map((n) => ordered(Object.fromEntries(Object.entries(n).filter(([k]) => !NODE_FIELDS_FROM_N8N.includes(k))), sourceNodes.get(String(n.name))));
  // render replaces the name with the env's when the env has one: then the file keeps its own.
  const name = env.data.workflows?.[key]?.name && source?.name !== undefined ? source.name : live.name;
  const pulled: Record<string, Json> = {
    ...(source ?? {}),
    name,
    nodes: unrender(nodes, source?.nodes, env, known, ['nodes']),
    connections: live.connections ?? {},
    settings: unrender(ordered(settings, source?.settings as Record<string, Json> | undefined), source?.settings, env, known, ['settings']),
  };
  delete pulled.id;
  const text = stringifyJson(ordered(pulled, source), sourceText === undefined ? DEFAULT_JSON_STYLE : detectJsonStyle(sourceText));
  return { text, identical: false };
}
