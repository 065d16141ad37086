import type { Command } from 'commander';
import { PRIMITIVES, RATE_LIMIT_ALGORITHMS, type PrimitiveName, type RateLimitAlgorithm } from '../primitives/index.js';
import { Option } from 'commander';
import { ensureLockScopes, registerWorkflow } from '../envs/env-file.js';
import { WritePlan } from './io.js';
import { loadSelectedEnvs, planEnvWrites } from './envs.js';
import { planPrimitiveFiles } from './install-primitives.js';
import { detectLayout, display } from './repo.js';
import { warn, withCwd, withExamples } from './program.js';

interface CreateLockOptions {
  cwd: string;
  env?: string;
  includeErrorHandler?: boolean;
  includeRateLimit?: boolean;
  algorithm: RateLimitAlgorithm;
  forceOverwrite?: boolean;
}

export function registerCreateLock(program: Command): void {
  const command = withCwd(
    program
      .command('create-lock')
      .description('install lock_acquisition and lock_release (plus chosen extras) into the repo and register them in the env YAML')
      .option('--include-error-handler', 'also install error_handler_lock_cleanup (frees a failed execution\'s locks)')
      .option('--include-rate-limit', 'also install the rate-limit primitive of --algorithm')
      .addOption(new Option('--algorithm <name>', 'with --include-rate-limit: fixed (rate_limit_check) or sliding (rate_limit_sliding)').choices(Object.keys(RATE_LIMIT_ALGORITHMS)).default('fixed'))
      .option('--force-overwrite', 'replace primitive files that differ from the shipped version')
      .option('--env <names>', 'comma-separated environments to register in (default: the only one)'),
  ).action((options: CreateLockOptions) => {
    const layout = detectLayout(options.cwd);
    const names: PrimitiveName[] = ['lock_acquisition', 'lock_release'];
    if (options.includeErrorHandler) names.push('error_handler_lock_cleanup');
    if (options.includeRateLimit) names.push(RATE_LIMIT_ALGORITHMS[options.algorithm]);

    // Everything is read and checked first; the plan is committed last (exit 2 changes nothing).
    const envs = loadSelectedEnvs(layout, options.env);
    const plan = new WritePlan(layout.root);
    const files = planPrimitiveFiles(layout, names, Boolean(options.forceOverwrite), plan);
    for (const env of envs) {
      for (const name of names) registerWorkflow(env, name, PRIMITIVES[name].displayName);
      ensureLockScopes(env);
    }
    planEnvWrites(layout, envs, plan);
    plan.commit();

    for (const { file, outcome } of files) {
      if (outcome === 'kept') warn(`${file}: differs from the shipped primitive; left alone (use --force-overwrite to replace it)`);
      else warn(`${file}: ${outcome}`);
    }
    for (const env of envs) warn(`${env.file}: ${env.changed ? 'registered ' + names.join(', ') : 'already registered'}`);
    if (envs.length === 0) {
      warn(`no environment files in ${display(layout, layout.envsDir)}: add one (see the five minutes of the n8n-lock README) and run create-lock again to register the primitives`);
    } else {
      // deploy creates, publishes and records the ids itself: nothing to copy by hand.
      const env = envs.length === 1 ? envs[0].name : '<env>';
      warn(`next: n8n-lock deploy --env ${env} (creates and publishes them in n8n, and writes their ids into ${envs.length === 1 ? envs[0].file : 'the env file'}; needs N8N_API_KEY and n8n.url)`);
    }
  });
  withExamples(command, [
    'n8n-lock create-lock',
    'n8n-lock create-lock --include-error-handler --include-rate-limit --env dev,prod',
    'n8n-lock create-lock --include-rate-limit --algorithm sliding',
    'n8n-lock create-lock --cwd ../my-n8n-repo --force-overwrite',
  ]);
}
