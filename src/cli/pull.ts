import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { InputError } from '../errors.js';
import { settledValue } from '../deploy/n8n-api.js';
import { pullWorkflow } from '../deploy/pull.js';
import { connectTarget, noteValidateVersion, refuseUnknownWorkflowKeys, type N8nTargetOptions } from './deploy.js';
import { readText, WritePlan } from './io.js';
import { warn, withCwd, withExamples } from './program.js';
import { display, listWorkflowKeys, workflowPath } from './repo.js';
import { knownNamesHint } from '../closest-name.js';
import { deployedIdOf } from '../envs/workflow-keys.js';

export function registerPull(program: Command): void {
  const command = withCwd(
    program
      .command('pull')
      .description('write live workflows from n8n back into workflows/<key>.json, with env values turned back into {{@:env:...}} placeholders')
      .argument('[keys...]', 'workflow keys (default: every workflow the env file has an id for)')
      .requiredOption('--env <name>', 'the environment to pull from')
      .option('--n8n-url <url>', 'the n8n instance (default: n8n.url in the env file)')
      .option('--api-key-file <file>', 'read the API key from this file (default: the N8N_API_KEY environment variable)')
      .option('--dry-run', 'say which files would change; write nothing'),
  ).action(async (keys: string[], options: N8nTargetOptions & { dryRun?: boolean }) => {
    const started = Date.now();
    const { layout, env, api } = connectTarget(options, 'pull');
    const registered = Object.keys(env.data.workflows ?? {});
    const withIds = registered.filter((key) => deployedIdOf(env.data, key) !== undefined);
    // Every key pulled by default must name a workflow file: a typo would otherwise be pulled into
    // a second file. A key named on the command line may start a new file (a workflow made in n8n).
    if (keys.length === 0) refuseUnknownWorkflowKeys(layout, env, listWorkflowKeys(layout), withIds, (key) => ` (to pull it into a new file, name its key: n8n-lock pull --env ${env.name} ${key})`);
    for (const key of keys) {
      if (!registered.includes(key)) throw new InputError(`${env.file} has no workflows.${key} (${knownNamesHint(key, registered, 'it has no workflows')}): pull reads the id n8n gave the workflow from there`);
    }
    const selected = keys.length > 0 ? keys : withIds;
    if (selected.length === 0) throw new InputError(`${env.file} has no workflow ids to pull (deploy first, or add ids under workflows.<key>.id)`);
    const plan = new WritePlan(layout.root);
    let identical = 0;
    const changed: string[] = [];
    const ids = selected.map((key) => {
      const id = deployedIdOf(env.data, key);
      if (id === undefined) throw new InputError(`${env.file}: workflows.${key} has no id yet: nothing to pull (deploy it first: n8n-lock deploy --env ${env.name} ${key})`);
      return id;
    });
    // Which settings a live workflow carries depends on the public API (n8n 1.123 has fewer).
    const line = await api.line('ask which public API n8n serves');
    const reads = await api.getWorkflows(selected.map((key, i) => ({ id: ids[i], what: `read ${key}` })));
    for (const [i, key] of selected.entries()) {
      const live = settledValue(reads[i]);
      if (!live) throw new InputError(`${env.file}: workflows.${key}.id ${JSON.stringify(ids[i])} is not on ${api.base}`);
      const path = workflowPath(layout, key);
      const file = display(layout, path);
      const sourceText = existsSync(path) ? readText(path, file) : undefined;
      const result = pullWorkflow(key, live, sourceText, file, env, line);
      if (result.identical || result.text === sourceText) identical++;
      else {
        changed.push(file);
        plan.put(path, result.text, file);
      }
    }
    if (!options.dryRun) plan.commit();
    for (const file of changed) process.stdout.write(`${options.dryRun ? 'would write' : 'wrote'} ${file}\n`);
    warn(`pull: workflows=${selected.length} identical=${identical} seconds=${((Date.now() - started) / 1000).toFixed(1)}`);
    noteValidateVersion('pull', layout, line, api.base);
  });
  withExamples(command, ['N8N_API_KEY=... n8n-lock pull --env prod', 'n8n-lock pull --env dev --api-key-file ~/.n8n-dev-key critical --dry-run']);
}
