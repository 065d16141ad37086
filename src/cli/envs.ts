import { InputError } from '../errors.js';
import { envFileText, parseEnvFile, type EnvFile } from '../envs/env-file.js';
import { readText, type WritePlan } from './io.js';
import { detectLayout, display, selectEnvs, type RepoLayout } from './repo.js';

/** Loads the selected environments (cli.md "Env selection"); any bad file fails before writes. */
export function loadSelectedEnvs(layout: RepoLayout, envOption: string | undefined): EnvFile[] {
  return selectEnvs(layout, envOption).map(({ name, path }) => {
    const label = display(layout, path);
    return parseEnvFile(readText(path, label), label, name);
  });
}

/** Queues every edited env file into the write plan. */
export function planEnvWrites(layout: RepoLayout, envs: EnvFile[], plan: WritePlan): void {
  for (const env of envs) {
    if (env.changed) plan.put(`${layout.root}/${env.file}`, envFileText(env), env.file);
  }
}

export function requireEnvs(envs: EnvFile[], layout: RepoLayout, why: string): void {
  if (envs.length === 0) throw new InputError(`no environment files in ${display(layout, layout.envsDir)}: ${why}`);
}

/**
 * The one environment `--env <name>` names, for a command that works on exactly one (deploy, pull,
 * render, and status, unlock and functions status for their Redis), with the repository's layout.
 */
export function loadOneEnv(cwd: string, envOption: string, command: string): { layout: RepoLayout; env: EnvFile } {
  if (envOption.includes(',')) throw new InputError(`--env: ${command} takes exactly one environment`);
  const layout = detectLayout(cwd);
  const [env] = loadSelectedEnvs(layout, envOption);
  if (!env) throw new InputError(`--env ${envOption}: no environment files in ${display(layout, layout.envsDir)}`);
  return { layout, env };
}
