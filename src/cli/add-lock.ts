import { Option, type Command } from 'commander';
import { InputError } from '../errors.js';
import { addLockScope } from '../envs/env-file.js';
import { addLock, removeLock } from '../patchers/index.js';
import { LOCK_ENGINES, type LockEngine } from '../patchers/add-lock.js';
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
  engine: LockEngine;
  maxHolders?: number;
  env?: string;
  dryRun?: boolean;
}

export function registerAddLock(program: Command): void {
  const command = withCwd(
    program
      .command('add-lock-to-workflow')
      .description('wrap a workflow in a lock (calls of the lock_acquisition / lock_release primitives, or with --engine node the native Lock node) so two executions on one scope never overlap')
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .requiredOption('--scope-expression <expr>', 'what to lock: a literal (global), =expr, ={{ expr }} or =text-{{ expr }}')
      .option('--ttl-seconds <n>', 'lock TTL, longer than the critical section ever takes: what frees a lock nothing else frees (a killed worker) (default 300)', positiveInt('--ttl-seconds'))
      .option('--max-wait-seconds <n>', 'how long a waiter polls before it fails (default 300)', nonNegativeNumber('--max-wait-seconds'))
      .option('--poll-seconds <n>', 'wait between polls while the lock is held (default 0.5; fractions work; --engine node: the re-check for stock holders, default 1, since a release wakes it)', positiveNumber('--poll-seconds'))
      .option('--fail-fast', 'fail at once when the lock is held instead of waiting')
      .option('--lock-on-error', 'register the cleanup error workflow (settings.errorWorkflow) so a failed execution frees its locks (the default)')
      .option('--no-lock-on-error', 'do not register it: a failed execution keeps its lock until the TTL')
      .option('--force', 'replace a different existing settings.errorWorkflow with the cleanup handler (without it, yours is kept)')
      .option('--set-execution-order-v1', 'switch a workflow without settings.executionOrder "v1" to v1 (required for the wiring)')
      .addOption(
        new Option('--engine <engine>', 'stock: calls of the primitive workflows (stock nodes only; runs everywhere, ~260 ms per lock); node: the Lock node of the n8n-nodes-lock community package (self-hosted; atomic, fenced, woken on release)')
          .choices([...LOCK_ENGINES])
          .default('stock'),
      )
      .option('--max-holders <n>', 'with --engine node: at most n executions hold the scope at once (a counting semaphore; default 1, the mutex)', positiveInt('--max-holders'))
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
      lockOnError: options.lockOnError !== false,
      force: options.force,
      setExecutionOrderV1: options.setExecutionOrderV1,
      engine: options.engine,
      maxHolders: options.maxHolders,
      file: file.label,
    });

    const usesHandler = result.onFailure === 'handler';
    const needsEnvs = result.staticScope !== undefined || usesHandler;
    const envs = needsEnvs ? loadSelectedEnvs(layout, options.env) : [];
    if (usesHandler) {
      // The cleanup handler is registered by default: it must exist where the workflow is deployed.
      const why = 'add-lock-to-workflow registers the cleanup error workflow (so a failed execution frees its lock)';
      const fix = `run n8n-lock create-lock --include-error-handler${options.env ? ` --env ${options.env}` : ''} first, or pass --no-lock-on-error`;
      if (envs.length === 0) throw new InputError(`${why}, but there are no environment files in ${display(layout, layout.envsDir)} to register error_handler_lock_cleanup in: ${fix}`);
      const missing = envs.filter((env) => !env.data.workflows?.error_handler_lock_cleanup).map((env) => env.file);
      if (missing.length > 0) throw new InputError(`${why}, but error_handler_lock_cleanup is not registered in ${missing.join(', ')}: ${fix}`);
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
    'n8n-lock add-lock-to-workflow nightly --scope-expression global --ttl-seconds 3600 --env dev,prod',
    'n8n-lock add-lock-to-workflow scratch --scope-expression global --no-lock-on-error',
    'n8n-lock add-lock-to-workflow invoice_sync --scope-expression global --dry-run',
    "n8n-lock add-lock-to-workflow crm_update --scope-expression '=crm-{{ $json.body.recordId }}' --engine node   # needs n8n-nodes-lock installed in n8n",
    'n8n-lock add-lock-to-workflow enrich --scope-expression openai-api --engine node --max-holders 3   # at most 3 executions at once',
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
