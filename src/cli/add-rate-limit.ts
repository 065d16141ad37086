import type { Command } from 'commander';
import { Option } from 'commander';
import { addRateLimit, removeRateLimit } from '../patchers/index.js';
import { RATE_LIMIT_ALGORITHMS, type RateLimitAlgorithm } from '../primitives/index.js';
import { finishPatch, registerRemoveCommand } from './patch-output.js';
import { positiveInt, positiveNumber, withCwd, withExamples } from './program.js';
import { detectLayout } from './repo.js';
import { loadWorkflowFile } from './workflow-file.js';

interface Options {
  cwd: string;
  limit: number;
  windowSeconds: number;
  scopeExpression?: string;
  onDenied: 'passthrough' | 'stop';
  algorithm: RateLimitAlgorithm;
  setExecutionOrderV1?: boolean;
  dryRun?: boolean;
}

export function registerAddRateLimit(program: Command): void {
  const command = withCwd(
    program
      .command('add-rate-limit-to-workflow')
      .description('gate a workflow with a rate limit: at most --limit executions per --window-seconds (fixed or sliding window)')
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .requiredOption('--limit <n>', 'executions allowed per window', positiveInt('--limit'))
      .requiredOption('--window-seconds <n>', 'window length in seconds', positiveNumber('--window-seconds'))
      .option('--scope-expression <expr>', 'what to count: a literal, =expr or ={{ expr }} (default: ={{ $workflow.id }}, one counter per workflow)')
      .addOption(
        new Option('--algorithm <name>', 'fixed: one counter per window, up to 2 x limit across a window edge (rate_limit_check); sliding: weighs in the previous window (rate_limit_sliding)')
          .choices(Object.keys(RATE_LIMIT_ALGORITHMS))
          .default('fixed'),
      )
      .addOption(new Option('--on-denied <mode>', 'passthrough: end with { allowed: false, ... }; stop: fail the execution').choices(['passthrough', 'stop']).default('passthrough'))
      .option('--set-execution-order-v1', 'switch a workflow without settings.executionOrder "v1" to v1 (required for the wiring)')
      .option('--dry-run', 'print the JSON Patch and a summary; write nothing'),
  ).action((key: string, options: Options) => {
    const layout = detectLayout(options.cwd);
    const file = loadWorkflowFile(layout, key);
    const result = addRateLimit(file.workflow, {
      limit: options.limit,
      windowSeconds: options.windowSeconds,
      scopeExpression: options.scopeExpression,
      onDenied: options.onDenied,
      algorithm: options.algorithm,
      setExecutionOrderV1: options.setExecutionOrderV1,
      file: file.label,
    });
    finishPatch(layout, file, result, { dryRun: options.dryRun, done: 'rate limited' });
  });
  withExamples(command, [
    'n8n-lock add-rate-limit-to-workflow send_sms --limit 10 --window-seconds 60',
    "n8n-lock add-rate-limit-to-workflow api_proxy --limit 5 --window-seconds 1 --scope-expression '=user-{{ $json.query.user }}' --on-denied stop",
    'n8n-lock add-rate-limit-to-workflow hubspot_sync --limit 100 --window-seconds 10 --algorithm sliding',
  ]);
}

export function registerRemoveRateLimit(program: Command): void {
  registerRemoveCommand(program, { name: 'remove-rate-limit', description: 'undo add-rate-limit-to-workflow exactly', remove: removeRateLimit, done: 'rate limit removed' });
}
