// `n8n-lock deploy` / `pull` as a user runs them (the built CLI, the API key in N8N_API_KEY), with
// the log lines they print passed through to the e2e log.
import { spawnSync } from 'node:child_process';
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
