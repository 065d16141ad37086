import type { Command } from 'commander';
import { InputError } from '../errors.js';
import { addLockScope } from '../envs/env-file.js';
import { addLock, removeLock } from '../patchers/index.js';
import { loadSelectedEnvs } from './envs.js';
import { finishPatch, registerRemoveCommand } from './patch-output.js';
import { nonNegativeNumber, positiveInt, positiveNumber, warn, withCwd, withExamples } from './program.js';
import { detectLayout, display } from './repo.js';
import { loadWorkflowFile } from './workflow-file.js';

interface Options {
  cwd: string;
  scopeExpression: string;
  ttlSeconds?: number;
  maxWaitSeconds?: number;
  pollSeconds?: number;
  failFast?: boolean;
  lockOnError?: boolean;
  force?: boolean;
  setExecutionOrderV1?: boolean;
  env?: string;
  dryRun?: boolean;
}

export function registerAddLock(program: Command): void {
  const command = withCwd(
    program
      .command('add-lock-to-workflow')
      .description('wrap a workflow in lock_acquisition / lock_release calls so two executions on one scope never overlap')
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .requiredOption('--scope-expression <expr>', 'what to lock: a literal (global), =expr, ={{ expr }} or =text-{{ expr }}')
      .option('--ttl-seconds <n>', 'lock TTL: a crashed holder frees the lock after this (default 86400)', positiveInt('--ttl-seconds'))
      .option('--max-wait-seconds <n>', 'how long a waiter polls before it fails (default 300)', nonNegativeNumber('--max-wait-seconds'))
      .option('--poll-seconds <n>', 'wait between polls while the lock is held (default 1; fractions work)', positiveNumber('--poll-seconds'))
      .option('--fail-fast', 'fail at once when the lock is held instead of waiting')
      .option('--lock-on-error', 'register the cleanup error workflow (settings.errorWorkflow) so a failed execution frees its locks')
      .option('--force', 'with --lock-on-error: replace a different existing settings.errorWorkflow')
      .option('--set-execution-order-v1', 'switch a workflow without settings.executionOrder "v1" to v1 (required for the wiring)')
      .option('--env <names>', 'comma-separated environments whose lockScopes get a static scope (default: the only one)')
      .option('--dry-run', 'print the JSON Patch and a summary; write nothing'),
  ).action((key: string, options: Options) => {
    const layout = detectLayout(options.cwd);
    const file = loadWorkflowFile(layout, key);
    const result = addLock(file.workflow, {
      scopeExpression: options.scopeExpression,
      ttlSeconds: options.ttlSeconds,
      maxWaitSeconds: options.maxWaitSeconds,
      pollSeconds: options.pollSeconds,
      failFast: options.failFast,
      lockOnError: options.lockOnError,
      force: options.force,
      setExecutionOrderV1: options.setExecutionOrderV1,
      file: file.label,
    });

    const needsEnvs = result.staticScope !== undefined || options.lockOnError;
    const envs = needsEnvs ? loadSelectedEnvs(layout, options.env) : [];
    if (options.lockOnError) {
      if (envs.length === 0) throw new InputError(`--lock-on-error: no environment files in ${display(layout, layout.envsDir)} to check that error_handler_lock_cleanup is registered`);
      const missing = envs.filter((env) => !env.data.workflows?.error_handler_lock_cleanup).map((env) => env.file);
      if (missing.length > 0) {
        throw new InputError(`--lock-on-error: error_handler_lock_cleanup is not registered in ${missing.join(', ')}: run n8n-lock create-lock --include-error-handler first`);
      }
    }
    const envChanges: string[] = [];
    if (result.staticScope !== undefined) {
      for (const env of envs) if (addLockScope(env, result.staticScope)) envChanges.push(`${env.file}: lockScopes += "${result.staticScope}"`);
      if (envs.length === 0) warn(`warning: no environment files in ${display(layout, layout.envsDir)}: add "${result.staticScope}" to lockScopes yourself so the error handler can free it`);
    }

    finishPatch(layout, file, result, { dryRun: options.dryRun, done: 'locked', envs, envChanges });
  });
  withExamples(command, [
    'n8n-lock add-lock-to-workflow invoice_sync --scope-expression excel-sharepoint-write',
    "n8n-lock add-lock-to-workflow crm_update --scope-expression '=crm-{{ $json.body.recordId }}' --fail-fast",
    'n8n-lock add-lock-to-workflow nightly --scope-expression global --lock-on-error --ttl-seconds 3600 --env dev,prod',
    'n8n-lock add-lock-to-workflow invoice_sync --scope-expression global --dry-run',
  ]);
}

export function registerRemoveLock(program: Command): void {
  registerRemoveCommand(program, {
    name: 'remove-lock',
    description: 'undo add-lock-to-workflow exactly: nodes, connections, settings and positions as before',
    remove: removeLock,
    done: 'lock removed',
    extraNotes: ['lockScopes in the env files are left as they are (other workflows may lock the same scope)'],
  });
}
