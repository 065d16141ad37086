import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { knownNamesHint } from '../closest-name.js';
import { DEFAULT_N8N_VERSION, parseN8nVersion, type N8nVersion } from '../n8n-versions.js';
import { InputError } from '../errors.js';
import { ruleSettingOf } from '../validate/rule-setting.js';
import { parseJsonText } from '../workflow/json-file.js';
import { readText } from './io.js';

/**
 * Optional `n8n-lock.config.json` at the repository root (checked by hand, not with zod: every
 * command reads it, and zod costs ~90 ms to load; `rules` is checked by validate/config.ts).
 */
export interface RepoConfig {
  workflowsDir?: string;
  envsDir?: string;
  workflowSuffix?: string;
  rules?: Record<string, unknown>;
  /** The n8n the workflows run on (validate: which Code-node runtime code-purity proves for); checked by n8n-versions.ts. */
  n8nVersion?: unknown;
  [key: string]: unknown;
}

export function parseRepoConfig(value: unknown, file = 'n8n-lock.config.json'): RepoConfig {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InputError(`${file}: expected an object, got ${kind(value)}`);
  const config = value as RepoConfig;
  for (const key of ['workflowsDir', 'envsDir', 'workflowSuffix'] as const) {
    if (config[key] !== undefined && typeof config[key] !== 'string') throw new InputError(`${file}: ${key}: expected string, got ${kind(config[key])}`);
  }
  if (config.rules !== undefined && (config.rules === null || typeof config.rules !== 'object' || Array.isArray(config.rules))) {
    throw new InputError(`${file}: rules: expected an object of rule id -> "off" | "warning" | "error", got ${kind(config.rules)}`);
  }
  return config;
}

/** Where a user's repository keeps its workflows and env files (cli.md "The user's repository"). */
export interface RepoLayout {
  root: string;
  kind: 'default' | 'seed-harness' | 'config';
  workflowsDir: string;
  envsDir: string;
  /** `.json`, or `.template.json` in the seed harness layout. */
  workflowSuffix: string;
  config: RepoConfig;
}

/** Files in the seed harness's config folder that are not environments. */
const NON_ENV_FILES = new Set(['common.yml', 'common.yaml', 'deployment_order.yml', 'deployment_order.yaml']);

export function loadRepoConfig(root: string): RepoConfig {
  const path = join(root, 'n8n-lock.config.json');
  if (!existsSync(path)) return {};
  return parseRepoConfig(parseJsonText(readText(path, 'n8n-lock.config.json'), 'n8n-lock.config.json'));
}

export function detectLayout(cwd: string): RepoLayout {
  const root = resolve(cwd);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new InputError(`${cwd}: --cwd is not a directory`);
  const config = loadRepoConfig(root);
  if (config.workflowsDir || config.envsDir || config.workflowSuffix) {
    return {
      root,
      kind: 'config',
      workflowsDir: join(root, config.workflowsDir ?? 'workflows'),
      envsDir: join(root, config.envsDir ?? 'envs'),
      workflowSuffix: config.workflowSuffix ?? '.json',
      config,
    };
  }
  const hasDefault = existsSync(join(root, 'workflows')) || existsSync(join(root, 'envs'));
  const hasSeed = existsSync(join(root, 'n8n-workflows-template')) || existsSync(join(root, 'n8n-config'));
  if (hasSeed && !hasDefault) {
    return {
      root,
      kind: 'seed-harness',
      workflowsDir: join(root, 'n8n-workflows-template'),
      envsDir: join(root, 'n8n-config'),
      workflowSuffix: '.template.json',
      config,
    };
  }
  return { root, kind: 'default', workflowsDir: join(root, 'workflows'), envsDir: join(root, 'envs'), workflowSuffix: '.json', config };
}

/** Path shown to the user: relative to the repository root. */
export function display(layout: RepoLayout, path: string): string {
  return relative(layout.root, path) || '.';
}

export function workflowPath(layout: RepoLayout, key: string): string {
  return join(layout.workflowsDir, ...key.split('/')) + layout.workflowSuffix;
}

/** `unknown workflow "invoice_synk": workflows/invoice_synk.json does not exist (did you mean invoice_sync?)`. */
export function unknownWorkflowError(layout: RepoLayout, key: string): InputError {
  const hint = knownNamesHint(key, listWorkflowKeys(layout), `no workflows in ${display(layout, layout.workflowsDir)}`);
  return new InputError(`unknown workflow "${key}": ${display(layout, workflowPath(layout, key))} does not exist (${hint})`);
}

/**
 * Whether n8n-lock.config.json switches the env-workflow-keys rule off: then deploy and pull do not
 * refuse an env file whose keys name workflows kept elsewhere either.
 */
export function envWorkflowKeysChecked(layout: RepoLayout): boolean {
  return ruleSettingOf(layout.config.rules?.['env-workflow-keys']) !== 'off';
}

/** Every workflow key in the workflows folder (nested folders give `billing/invoice`). */
export function listWorkflowKeys(layout: RepoLayout): string[] {
  const dir = layout.workflowsDir;
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) throw new InputError(`${display(layout, dir)}: is a file, expected the workflows directory`);
  const keys: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(layout.workflowSuffix) && !entry.name.startsWith('.')) {
        keys.push(relative(dir, full).split(sep).join('/').slice(0, -layout.workflowSuffix.length));
      }
    }
  };
  walk(dir);
  return keys;
}

/** The environments of the repository: `<envsDir>/<env>.yml`, sorted by name. */
export function listEnvFiles(layout: RepoLayout): Array<{ name: string; path: string }> {
  const dir = layout.envsDir;
  if (!existsSync(dir)) return [];
  if (!statSync(dir).isDirectory()) throw new InputError(`${display(layout, dir)}: is a file, expected the env directory`);
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && !NON_ENV_FILES.has(f) && !f.startsWith('.'))
    .sort()
    .map((f) => ({ name: f.replace(/\.ya?ml$/, ''), path: join(dir, f) }));
}

/**
 * `--env a,b` picks those; without it, the only environment if there is exactly one. Several and no
 * `--env` is an error before anything is touched (cli.md).
 */
export function selectEnvs(layout: RepoLayout, envOption: string | undefined): Array<{ name: string; path: string }> {
  const all = listEnvFiles(layout);
  if (envOption) {
    const wanted = envOption.split(',').map((e) => e.trim()).filter(Boolean);
    return wanted.map((name) => {
      const found = all.find((e) => e.name === name);
      if (!found) {
        const known = all.map((e) => e.name).join(', ') || 'none';
        throw new InputError(`--env ${name}: no such environment in ${display(layout, dir(layout))} (found: ${known})`);
      }
      return found;
    });
  }
  if (all.length > 1) {
    throw new InputError(
      `several environments in ${display(layout, dir(layout))} (${all.map((e) => e.name).join(', ')}): choose with --env <name>[,<name>]`,
    );
  }
  return all;
}

function dir(layout: RepoLayout): string {
  return layout.envsDir;
}

/** The n8n validate proves Code nodes for, as the repository says it: `n8nVersion` in n8n-lock.config.json, else the default. Not a version: exit 2. */
export function repositoryN8nVersion(layout: RepoLayout): N8nVersion {
  return parseN8nVersion(layout.config.n8nVersion ?? DEFAULT_N8N_VERSION, 'n8n-lock.config.json: n8nVersion');
}
