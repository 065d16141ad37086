import type { Command } from 'commander';
import { Option } from 'commander';
import { addRateLimit, removeRateLimit } from '../patchers/index.js';
import { WritePlan } from './io.js';
import { printDryRun, printNotes } from './patch-output.js';
import { positiveInt, positiveNumber, warn, withCwd, withExamples } from './program.js';
import { detectLayout } from './repo.js';
import { loadWorkflowFile, workflowText } from './workflow-file.js';

interface Options {
  cwd: string;
  limit: number;
  windowSeconds: number;
  scopeExpression?: string;
  onDenied: 'passthrough' | 'stop';
  setExecutionOrderV1?: boolean;
  dryRun?: boolean;
}

export function registerAddRateLimit(program: Command): void {
  const command = withCwd(
    program
      .command('add-rate-limit-to-workflow')
      .description('gate a workflow with rate_limit_check: at most --limit executions per --window-seconds')
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .requiredOption('--limit <n>', 'executions allowed per window', positiveInt('--limit'))
      .requiredOption('--window-seconds <n>', 'window length in seconds', positiveNumber('--window-seconds'))
      .option('--scope-expression <expr>', 'what to count: a literal, =expr or ={{ expr }} (default: ={{ $workflow.id }}, one counter per workflow)')
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
      setExecutionOrderV1: options.setExecutionOrderV1,
      file: file.label,
    });
    if (options.dryRun) {
      printDryRun(file.label, result.patch, result.notes);
      return;
    }
    const plan = new WritePlan(layout.root);
    plan.put(file.path, workflowText(file, result.workflow), file.label);
    plan.commit();
    warn(`${file.label}: rate limited (${result.patch.length} change(s))`);
    printNotes(result.notes);
  });
  withExamples(command, [
    'n8n-lock add-rate-limit-to-workflow send_sms --limit 10 --window-seconds 60',
    "n8n-lock add-rate-limit-to-workflow api_proxy --limit 5 --window-seconds 1 --scope-expression '=user-{{ $json.query.user }}' --on-denied stop",
  ]);
}

export function registerRemoveRateLimit(program: Command): void {
  const command = withCwd(
    program
      .command('remove-rate-limit')
      .description('undo add-rate-limit-to-workflow exactly')
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .option('--dry-run', 'print the JSON Patch and a summary; write nothing'),
  ).action((key: string, options: { cwd: string; dryRun?: boolean }) => {
    const layout = detectLayout(options.cwd);
    const file = loadWorkflowFile(layout, key);
    const result = removeRateLimit(file.workflow, { file: file.label });
    if (options.dryRun) {
      printDryRun(file.label, result.patch, result.notes);
      return;
    }
    const plan = new WritePlan(layout.root);
    plan.put(file.path, workflowText(file, result.workflow), file.label);
    plan.commit();
    warn(`${file.label}: rate limit removed`);
    printNotes(result.notes);
  });
  withExamples(command, ['n8n-lock remove-rate-limit send_sms', 'n8n-lock remove-rate-limit send_sms --dry-run']);
}
