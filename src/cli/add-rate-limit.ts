import type { Command } from 'commander';
import { Option } from 'commander';
import { addRateLimit, removeRateLimit } from '../patchers/index.js';
import { RATE_LIMIT_ALGORITHMS, type RateLimitAlgorithm } from '../primitives/index.js';
import { finishPatch, registerRemoveCommand } from './patch-output.js';
import { nonNegativeNumber, positiveInt, positiveNumber, withCwd, withExamples } from './program.js';
import { NATIVE_RATE_LIMIT_ALGORITHMS, type NativeRateLimitAlgorithm } from '../patchers/add-rate-limit.js';
import { detectLayout } from './repo.js';
import { loadWorkflowFile } from './workflow-file.js';

interface Options {
  cwd: string;
  limit: number;
  windowSeconds: number;
  scopeExpression?: string;
  onDenied: 'passthrough' | 'stop' | 'wait';
  algorithm?: RateLimitAlgorithm | NativeRateLimitAlgorithm;
  engine: 'stock' | 'node';
  maxWaitSeconds?: number;
  setExecutionOrderV1?: boolean;
  dryRun?: boolean;
}

export function registerAddRateLimit(program: Command): void {
  const command = withCwd(
    program
      .command('add-rate-limit-to-workflow')
      .description('gate a workflow with a rate limit: at most --limit executions per --window-seconds (stock: fixed or sliding window; --engine node: the Rate Limit node, exact sliding log, token bucket or fixed, and waiting for a slot)')
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .requiredOption('--limit <n>', 'executions allowed per window', positiveInt('--limit'))
      .requiredOption('--window-seconds <n>', 'window length in seconds', positiveNumber('--window-seconds'))
      .option('--scope-expression <expr>', 'what to count: a literal, =expr or ={{ expr }} (default: ={{ $workflow.id }}, one counter per workflow)')
      .addOption(
        new Option(
          '--algorithm <name>',
          'stock: fixed (default; one counter per window, up to 2 x limit across a window edge; rate_limit_check) or sliding (weighs in the previous window, an estimate; rate_limit_sliding). --engine node: sliding-log (default; exact: at most limit in any window), token-bucket (bursts of limit, limit / window per second) or fixed',
        ).choices([...Object.keys(RATE_LIMIT_ALGORITHMS), ...NATIVE_RATE_LIMIT_ALGORITHMS.filter((a) => a !== 'fixed')]),
      )
      .addOption(new Option('--on-denied <mode>', 'passthrough: end with { allowed: false, ... }; stop: fail the execution; wait (--engine node): wait for the slot, in arrival order').choices(['passthrough', 'stop', 'wait']).default('passthrough'))
      .option('--max-wait-seconds <n>', 'with --on-denied wait: fail a call whose slot is further away (default 300)', nonNegativeNumber('--max-wait-seconds'))
      .addOption(new Option('--engine <engine>', 'stock: calls of the rate-limit primitives (stock nodes only); node: the Rate Limit node of the n8n-nodes-lock community package').choices(['stock', 'node']).default('stock'))
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
      engine: options.engine,
      maxWaitSeconds: options.maxWaitSeconds,
      setExecutionOrderV1: options.setExecutionOrderV1,
      file: file.label,
    });
    finishPatch(layout, file, result, { dryRun: options.dryRun, done: 'rate limited' });
  });
  withExamples(command, [
    'n8n-lock add-rate-limit-to-workflow send_sms --limit 10 --window-seconds 60',
    "n8n-lock add-rate-limit-to-workflow api_proxy --limit 5 --window-seconds 1 --scope-expression '=user-{{ $json.query.user }}' --on-denied stop",
    'n8n-lock add-rate-limit-to-workflow hubspot_sync --limit 100 --window-seconds 10 --algorithm sliding',
    'n8n-lock add-rate-limit-to-workflow send_sms --limit 10 --window-seconds 60 --engine node --on-denied wait   # the 11th waits for its slot',
    'n8n-lock add-rate-limit-to-workflow openai_calls --limit 60 --window-seconds 60 --engine node --algorithm token-bucket',
  ]);
}

export function registerRemoveRateLimit(program: Command): void {
  registerRemoveCommand(program, { name: 'remove-rate-limit', description: 'undo add-rate-limit-to-workflow exactly', remove: removeRateLimit, done: 'rate limit removed' });
}
