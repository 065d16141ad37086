import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { InputError } from '../errors.js';
import { envFileText, type EnvFile } from '../envs/env-file.js';
import { deploy, type DeployReport, type SourceWorkflow } from '../deploy/deploy.js';
import type { N8nApi } from '../deploy/n8n-api.js';
import { API_LINES, validateVersionNote, type ApiLine } from '../deploy/api-lines.js';
import { n8nApiFor, n8nUrlOf, type N8nApiOptions } from './n8n-target.js';
import { readText, WritePlan } from './io.js';
import { loadOneEnv } from './envs.js';
import { warn, withCwd, withExamples } from './program.js';
import { display, envWorkflowKeysChecked, listWorkflowKeys, repositoryN8nVersion, unknownWorkflowError, workflowPath, type RepoLayout } from './repo.js';
import { unknownWorkflowKeys, unknownWorkflowKeysRefusal } from '../envs/workflow-keys.js';

export interface N8nTargetOptions extends N8nApiOptions {
  cwd: string;
  env: string;
}

/**
 * The env, the n8n URL (--n8n-url, else `n8n.url` in the env file) and the API key (N8N_API_KEY,
 * else --api-key-file). The key is only ever sent as a header: never printed, logged or written.
 */
export function connectTarget(options: N8nTargetOptions, command: string): { layout: RepoLayout; env: EnvFile; api: N8nApi } {
  const { layout, env } = loadOneEnv(options.cwd, options.env, command);
  const url = n8nUrlOf(options, (env.data as { n8n?: { url?: unknown } }).n8n?.url);
  if (!url) throw new InputError(`no n8n URL: pass --n8n-url or set n8n.url in ${env.file}`);
  return { layout, env, api: n8nApiFor(url, options) };
}

/**
 * Refuses an env file whose `workflows.<key>` names no workflow file (a typo such as `invoice_synk`
 * would make deploy create the real file's workflow a second time), before anything is written.
 * `among`: only those keys count (pull's, those with an id); `then`: what to add after the refusal.
 */
export function refuseUnknownWorkflowKeys(layout: RepoLayout, env: EnvFile, workflowKeys: string[], among?: string[], then?: (key: string) => string): void {
  if (!envWorkflowKeysChecked(layout)) return;
  const unknown = unknownWorkflowKeys(env.data, workflowKeys).filter((u) => !among || among.includes(u.key));
  if (unknown.length) throw new InputError(unknownWorkflowKeysRefusal(env.file, unknown, (key) => display(layout, workflowPath(layout, key)), then));
}

/** The workflow files `keys` names (default every workflow), read. */
export function readSources(layout: RepoLayout, keys: string[]): SourceWorkflow[] {
  return keys.map((key) => {
    const path = workflowPath(layout, key);
    const file = display(layout, path);
    if (!existsSync(path)) throw unknownWorkflowError(layout, key);
    return { key, file, text: readText(path, file) };
  });
}

/**
 * The note when the n8n found is not of the line validate proves for; nothing when the repository's
 * n8nVersion is not a version (validate refuses that, with its own line).
 */
export function noteValidateVersion(command: string, layout: RepoLayout, line: ApiLine | undefined, base: string): void {
  if (!line) return;
  let proves;
  try {
    proves = repositoryN8nVersion(layout);
  } catch {
    return;
  }
  const note = validateVersionNote(command, line, proves, layout.config.n8nVersion !== undefined, base);
  if (note) warn(note);
}

function formatPlan(report: DeployReport, target: string): string {
  const width = Math.max(4, ...report.plan.map((p) => p.key.length));
  const rules = API_LINES[report.n8nLine ?? '2.x'];
  const lines = report.plan.map((p) => {
    const publish = p.publish ? rules.goesLive.padEnd(8) : '        ';
    return `  ${p.action.padEnd(9)} ${p.key.padEnd(width)} ${publish}${p.id ? ` ${p.id}` : ''}${p.detail && p.action === 'drifted' ? `\n      ${p.detail}` : ''}`;
  });
  const title = report.mode === 'dry-run' ? 'plan (dry run, nothing written)' : report.mode === 'refused' ? 'plan (refused, nothing written)' : 'plan';
  const found = report.n8nLine ? rules.label : 'n8n not asked, planned as for 2.x';
  return `${title} for env "${report.env.name}" on ${target} (${found}):\n${lines.join('\n')}\n`;
}

export function registerDeploy(program: Command): void {
  const command = withCwd(
    program
      .command('deploy')
      .description("render for one environment and bring a live n8n up to date through its public API (create, update, publish); refuses to overwrite what was changed in n8n")
      .argument('[keys...]', 'workflow keys (default: every workflow)')
      .requiredOption('--env <name>', 'the environment to deploy')
      .option('--n8n-url <url>', 'the n8n instance (default: n8n.url in the env file)')
      .option('--api-key-file <file>', 'read the API key from this file (default: the N8N_API_KEY environment variable)')
      .option('--dry-run', 'print the plan; change nothing, neither in n8n nor in the env file')
      .option('--force', 'overwrite workflows that were changed in n8n since the last deploy (drifted)')
      .option('--no-publish', 'write drafts only: publish nothing (n8n runs only published sub-workflows and error workflows)')
      .option('--create-missing', 'create a workflow whose env id the instance does not have, with that id (a fresh instance for an env file with ids; package import only)')
      .option('--via <path>', 'auto (one package import where n8n and the key allow it, else workflow by workflow), package or api', 'auto')
      .option('--format <format>', 'text or json (the plan and the counts)', 'text'),
  ).action(async (keys: string[], options: N8nTargetOptions & { dryRun?: boolean; force?: boolean; publish: boolean; format: string; via: string; createMissing?: boolean }) => {
    if (options.format !== 'text' && options.format !== 'json') throw new InputError(`--format must be text or json (got "${options.format}")`);
    if (options.via !== 'auto' && options.via !== 'package' && options.via !== 'api') throw new InputError(`--via must be auto, package or api (got "${options.via}")`);
    const started = Date.now();
    const { layout, env, api } = connectTarget(options, 'deploy');
    const workflowKeys = listWorkflowKeys(layout);
    refuseUnknownWorkflowKeys(layout, env, workflowKeys);
    const all = readSources(layout, workflowKeys);
    if (all.length === 0) throw new InputError(`no workflows in ${display(layout, layout.workflowsDir)}`);
    const sources = keys.length > 0 ? readSources(layout, keys) : all;
    const report = await deploy(sources, all, env, { dryRun: Boolean(options.dryRun), force: Boolean(options.force), noPublish: !options.publish, via: options.via, createMissing: Boolean(options.createMissing) }, {
      api,
      saveEnv: (edited) => {
        const plan = new WritePlan(layout.root);
        plan.put(`${layout.root}/${edited.file}`, envFileText(edited), edited.file);
        plan.commit();
      },
      progress: (line) => {
        if (process.stderr.isTTY) warn(line);
      },
      note: warn,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (options.format === 'json') {
      const { env: _env, ...rest } = report;
      process.stdout.write(JSON.stringify({ ...rest, env: report.env.name, url: api.base, seconds: Number(seconds) }, null, 2) + '\n');
    } else {
      process.stdout.write(formatPlan(report, api.base));
    }
    warn(`deploy drift: refused=${report.refused ? 'yes' : 'no'} forced=${report.forced ? 'yes' : 'no'}`);
    // A refused deploy wrote nothing: its line has no counts that could read as work done.
    if (report.mode === 'refused') warn(`deploy: mode=refused workflows=${report.plan.length} drifted=${report.drifted} seconds=${seconds}`);
    else warn(`deploy: mode=${report.mode} workflows=${report.plan.length} created=${report.created} updated=${report.updated} unchanged=${report.unchanged} seconds=${seconds}`);
    noteValidateVersion('deploy', layout, report.n8nLine, api.base);
    const minted = Object.keys(report.minted);
    if (minted.length) warn(`deploy: ${env.file}: ${minted.length} new workflow id(s) written (${minted.slice(0, 3).join(', ')}${minted.length > 3 ? ', ...' : ''}); commit the file, later deploys update these workflows`);
    if (report.refused) {
      warn(`n8n-lock: ${report.drifted} workflow(s) changed in n8n since the last deploy; nothing was written. Pull them (n8n-lock pull --env ${env.name}) or overwrite with --force`);
      process.exitCode = 1;
    }
  });
  withExamples(command, [
    'N8N_API_KEY=... n8n-lock deploy --env prod --dry-run',
    'n8n-lock deploy --env prod --api-key-file ~/.n8n-prod-key',
    'n8n-lock deploy --env dev --n8n-url http://localhost:5678 lock_acquisition lock_release',
    'n8n-lock deploy --env prod --force   # overwrite what was edited in n8n',
    'n8n-lock deploy --env prod --via api  # workflow by workflow, without the (beta) package import',
  ]);
  command.addHelpText('after', '\nExit codes: 0 deployed (or planned), 1 refused because workflows drifted (nothing written), 2 usage, input or n8n error (the line names what was already written).\n');
}
