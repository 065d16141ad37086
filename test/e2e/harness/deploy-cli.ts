// `n8n-lock deploy` / `pull` as a user runs them (the built CLI, the API key in N8N_API_KEY), with
// the log lines they print passed through to the e2e log.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN } from '../../support/paths.js';
import { log } from './util.js';

export interface DeployRun {
  args: string[];
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI against an n8n; the lines starting with `deploy` or `pull` go to the e2e log. */
export function runAgainstN8n(repo: string, args: string[], baseUrl: string, apiKey: string): DeployRun {
  const result = spawnSync(process.execPath, [BIN, ...args, '--n8n-url', baseUrl, '--cwd', repo], {
    encoding: 'utf8',
    env: { ...process.env, N8N_API_KEY: apiKey },
  });
  for (const line of result.stderr.split('\n')) if (/^(deploy|pull)[: ]/.test(line)) log(line);
  return { args, status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function deployRepository(repo: string, env: string, baseUrl: string, apiKey: string, extra: string[] = []): DeployRun {
  return runAgainstN8n(repo, ['deploy', '--env', env, ...extra], baseUrl, apiKey);
}

/**
 * Deploys workflow objects that carry fixed 16-character ids (the suites' fixtures) as a user's
 * repository would: `workflows/<id>.json` without the id, every reference to another of them
 * (a JSON string equal to its id) turned into `{{@:env:workflows.<id>.id}}`, and an env file
 * that keeps the ids; `n8n-lock deploy --via package --create-missing` creates them with those ids
 * on the fresh instance and publishes what must run published.
 */
export function deployWorkflowObjects(dir: string, workflows: Array<Record<string, unknown>>, baseUrl: string, apiKey: string): DeployRun {
  const repo = join(dir, 'deployed-repo');
  mkdirSync(join(repo, 'workflows'), { recursive: true });
  mkdirSync(join(repo, 'envs'), { recursive: true });
  const ids = new Set(workflows.map((wf) => String(wf.id)));
  for (const wf of workflows) {
    const { id, ...rest } = wf;
    const text = JSON.stringify(rest, (_key, value) => (typeof value === 'string' && ids.has(value) && value !== id ? `{{@:env:workflows.${value}.id}}` : value), 2);
    writeFileSync(join(repo, 'workflows', `${String(id)}.json`), text + '\n');
  }
  const env = ['name: e2e', 'workflows:', ...workflows.map((wf) => `  ${String(wf.id)}: { id: ${JSON.stringify(wf.id)}, name: ${JSON.stringify(wf.name)} }`), ''].join('\n');
  writeFileSync(join(repo, 'envs', 'e2e.yml'), env);
  return deployRepository(repo, 'e2e', baseUrl, apiKey, ['--via', 'package', '--create-missing']);
}
