// The public APIs deploy and pull speak, one entry per n8n line: what each accepts in a workflow,
// where the deploy record can live in it, and how a workflow is made to run. Facts read from each
// line's OpenAPI file and checked against a real n8n (docs/deploy.md#n8n-1123).

import type { N8nVersion } from '../n8n-versions.js';

/**
 * Which public API an n8n serves. '2.x' (2.35 and later): publish and unpublish, the package import, the credential
 * list. '1.123': n8n 1.123's, which has versions (activeVersionId) but activates instead of
 * publishing, has neither the package import nor GET /credentials, and refuses any workflow
 * setting or node field it does not list (additionalProperties: false).
 */
export type ApiLine = '2.x' | '1.123';

export interface ApiLineRules {
  /** As the plan and the notes name it. */
  label: string;
  /** Workflow settings the line's public API accepts: any other key is a 400 for the whole workflow. */
  settings: readonly string[];
  /**
   * Settings the line's public API fills in on every write that lacks them (1.123's OpenAPI
   * validator applies its schema's defaults): pull leaves them out of a file that does not set them.
   */
  settingDefaults: Readonly<Record<string, unknown>>;
  /** Node fields the line's public API accepts. */
  nodeFields: ReadonlySet<string>;
  /**
   * Where the deploy record lives. 2.x: a telemetry tag in the settings. 1.123 takes no setting
   * it does not list, so the record goes into the workflow's static data, under a key of its own
   * that no node reads (nodes keep theirs under "global" and "node:<name>").
   */
  record: 'settings' | 'staticData';
  /**
   * 'publish' (2.x): a workflow runs its published version, sub-workflows and error workflows
   * included, and a write is a draft until it is published. 'activate' (1.123 without draft
   * publishing, its default): only a workflow with a trigger of its own is activated (1.123 refuses
   * the rest and runs them inactive), and a write to an active workflow is live at once.
   */
  goesLive: 'publish' | 'activate';
  /** POST /n8n-packages/import: one import that keeps the ids deploy chooses. */
  packageImport: boolean;
  /** GET /credentials: deploy can check every credential a workflow names before it writes. */
  listsCredentials: boolean;
}

/** base-workflow-public.dto of n8n 2.41: any other key (engineType, binaryMode, ...) is refused. */
const SETTINGS_2X = [
  'saveExecutionProgress',
  'saveManualExecutions',
  'saveDataErrorExecution',
  'saveDataSuccessExecution',
  'executionTimeout',
  'errorWorkflow',
  'timezone',
  'executionOrder',
  'callerPolicy',
  'callerIds',
  'timeSavedMode',
  'timeSavedPerExecution',
  'redactionPolicy',
  'availableInMCP',
  'customTelemetryTags',
] as const;

/** What 1.123.81's OpenAPI file (workflowSettings) lists: 2.x's without these three. */
const NOT_IN_1123 = new Set(['timeSavedMode', 'redactionPolicy', 'customTelemetryTags']);

const NODE_FIELDS_2X = [
  'id', 'name', 'type', 'typeVersion', 'position', 'parameters', 'credentials', 'webhookId', 'disabled', 'notes', 'notesInFlow',
  'executeOnce', 'alwaysOutputData', 'retryOnFail', 'maxTries', 'waitBetweenTries', 'continueOnFail', 'onError', 'customTelemetryTags',
] as const;

export const API_LINES: Record<ApiLine, ApiLineRules> = {
  '2.x': {
    label: 'n8n 2.x',
    settings: SETTINGS_2X,
    settingDefaults: {},
    nodeFields: new Set(NODE_FIELDS_2X),
    record: 'settings',
    goesLive: 'publish',
    packageImport: true,
    listsCredentials: true,
  },
  '1.123': {
    label: 'n8n 1.123',
    settings: SETTINGS_2X.filter((key) => !NOT_IN_1123.has(key)),
    // Seen on 1.123.81: a PUT without them stores callerPolicy "workflowsFromSameOwner" and availableInMCP false.
    settingDefaults: { callerPolicy: 'workflowsFromSameOwner', availableInMCP: false },
    nodeFields: new Set(NODE_FIELDS_2X.filter((field) => !NOT_IN_1123.has(field))),
    record: 'staticData',
    goesLive: 'activate',
    packageImport: false,
    listsCredentials: false,
  },
};

/**
 * When the n8n deploy or pull found is not of the line `validate` proves Code nodes for
 * (`n8nVersion` in n8n-lock.config.json, else the default), the note that says so: a repository
 * validated for 2.x's task runner and deployed to 1.123 (or the reverse) was proven for the wrong
 * runtime. n8n tells an API key no version, so the line is what can be compared.
 */
export function validateVersionNote(command: string, line: ApiLine, proves: N8nVersion, configured: boolean, base: string): string | undefined {
  if ((line === '1.123') === (proves.major === 1)) return undefined;
  const what = configured ? `"n8nVersion": "${proves.text}" in n8n-lock.config.json` : `n8n ${proves.text}, its default (no "n8nVersion" in n8n-lock.config.json)`;
  return `${command}: ${base} serves ${API_LINES[line].label}'s public API, but validate proves Code nodes for ${what}: set "n8nVersion" to the n8n version you run there`;
}
