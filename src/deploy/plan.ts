// The deploy plan: per workflow create, update, unchanged or drifted, and whether it is published;
// and the order callees before callers. Pure: rendered and live workflows in, a plan out.
import { findPlaceholders } from '../workflow/placeholders.js';
import { hasActivatableTrigger, hasPublishableTrigger } from '../workflow/graph.js';
import { API_LINES, type ApiLine } from './api-lines.js';
import { contentHash, deployRecordOf, describeDifference, sameContent, workflowBody, type LiveWorkflow, type WorkflowBody } from './workflow-body.js';

export type DeployAction = 'create' | 'update' | 'unchanged' | 'drifted';

export interface PlannedWorkflow {
  key: string;
  /** The id in the env file ('' for a workflow deploy creates). */
  id: string;
  name: string;
  action: DeployAction;
  /** Published after its content is written (or now, when only the publication is behind). */
  publish: boolean;
  /** Why it is drifted, or what an update changes. */
  detail?: string;
}

/** Workflow keys a workflow's source refers to through `{{@:env:workflows.<key>.id}}`. */
export function referencedKeys(sourceText: string): string[] {
  const keys = new Set<string>();
  for (const p of findPlaceholders(sourceText)) {
    const m = /^workflows\.(.+)\.id$/.exec(p.path);
    if (m) keys.add(m[1]);
  }
  return [...keys];
}

/**
 * `keys` ordered so that every workflow comes after the workflows it refers to (sub-workflows
 * and error workflows before their callers: n8n validates sub-workflow references when it
 * publishes). Ties keep the given order; a cycle keeps the given order for its members.
 */
export function deployOrder(keys: string[], referencesOf: (key: string) => string[]): string[] {
  const selected = new Set(keys);
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: string[] = [];
  const visit = (key: string) => {
    if (done.has(key) || visiting.has(key)) return;
    visiting.add(key);
    for (const dep of referencesOf(key)) if (selected.has(dep) && dep !== key) visit(dep);
    visiting.delete(key);
    done.add(key);
    out.push(key);
  };
  for (const key of keys) visit(key);
  return out;
}

export interface PlanInput {
  key: string;
  id: string;
  /** Rendered for this environment (ids of workflows still to be created are stand-ins). */
  rendered: Record<string, unknown>;
  /** The live workflow under `id`; undefined for a workflow to create. */
  live?: LiveWorkflow;
  /** Another workflow of the repository calls it or names it as error workflow. */
  called: boolean;
}

/**
 * One workflow's plan. Drift: the live workflow does not hash to the record the last deploy left
 * in it (someone saved it in n8n since), or it has no record and differs from the repository (it
 * was never deployed from here). Publish: what must run published (sub-workflows, error
 * workflows), what was published, and new workflows with a trigger; never with `noPublish`. On
 * 1.123 "publish" is activate, and only a workflow with a trigger of its own can be activated:
 * 1.123 runs sub-workflows and error workflows inactive (api-lines.ts).
 */
export function planWorkflow(input: PlanInput, noPublish: boolean, line: ApiLine = '2.x'): PlannedWorkflow & { body: WorkflowBody } {
  const { key, id, rendered, live, called } = input;
  const body = workflowBody(rendered, live, line);
  const nodes = (rendered.nodes as Array<Record<string, unknown>>) ?? [];
  const activates = API_LINES[line].goesLive === 'activate';
  // What may go live at all, and what must (new workflows go live when they must).
  const canRun = activates ? hasActivatableTrigger(nodes) : true;
  const mustRun = activates ? canRun : called || hasPublishableTrigger(nodes);
  const base = { key, id, name: body.name, body };
  if (!live) return { ...base, action: 'create', publish: !noPublish && mustRun };
  const wasPublished = live.activeVersionId != null;
  const publishWanted = !noPublish && canRun && (called || wasPublished);
  const record = deployRecordOf(live);
  const unchanged = sameContent(body, live);
  if (!unchanged && (record === undefined || record !== contentHash(live))) {
    const why = record === undefined ? 'not deployed by n8n-lock before (no deploy record), and it differs' : `changed in n8n since the last deploy (updated ${live.updatedAt ?? 'at an unknown time'})`;
    return { ...base, action: 'drifted', publish: publishWanted, detail: `${why}: ${describeDifference(body, live)}` };
  }
  if (unchanged) {
    const behind = live.activeVersionId !== live.versionId;
    return { ...base, action: 'unchanged', publish: publishWanted && behind };
  }
  return { ...base, action: 'update', publish: publishWanted, detail: describeDifference(body, live) };
}
