import type { Command } from 'commander';
import type { Operation } from 'fast-json-patch';
import type { EnvFile } from '../envs/env-file.js';
import type { PatchResult } from '../patchers/index.js';
import type { Workflow } from '../workflow/schema.js';
import { WritePlan } from './io.js';
import { planEnvWrites } from './envs.js';
import { warn, withCwd, withExamples } from './program.js';
import { detectLayout, type RepoLayout } from './repo.js';
import { loadWorkflowFile, workflowText, type WorkflowFile } from './workflow-file.js';

/** --dry-run: the RFC 6902 patch on stdout (data), a short human summary on stderr. */
export function printDryRun(label: string, patch: Operation[], summary: string[]): void {
  process.stdout.write(JSON.stringify(patch, null, 2) + '\n');
  const counts = patch.reduce<Record<string, number>>((acc, op) => ({ ...acc, [op.op]: (acc[op.op] ?? 0) + 1 }), {});
  warn(`dry run: ${label} would change by ${patch.length} operation(s) (${Object.entries(counts).map(([op, n]) => `${n} ${op}`).join(', ') || 'none'}); nothing written`);
  for (const line of summary) warn(`  ${line}`);
}

export function printNotes(notes: string[]): void {
  for (const note of notes) warn(`note: ${note}`);
}

/**
 * The end of every patch command: with --dry-run print the patch; otherwise write the workflow
 * (in its own style) and any edited env files in one checked plan, then report.
 */
export function finishPatch(
  layout: RepoLayout,
  file: WorkflowFile,
  result: PatchResult,
  options: { dryRun?: boolean; done: string; envs?: EnvFile[]; envChanges?: string[]; extraNotes?: string[] },
): void {
  const envChanges = options.envChanges ?? [];
  if (options.dryRun) {
    printDryRun(file.label, result.patch, [...result.notes, ...envChanges]);
    return;
  }
  const plan = new WritePlan(layout.root);
  plan.put(file.path, workflowText(file, result.workflow), file.label);
  planEnvWrites(layout, options.envs ?? [], plan);
  plan.commit();
  warn(`${file.label}: ${options.done} (${result.patch.length} change(s))`);
  for (const change of envChanges) warn(change);
  printNotes([...result.notes, ...(options.extraNotes ?? [])]);
}

/** remove-lock / remove-rate-limit: same flags, same flow, different inverse. */
export function registerRemoveCommand(
  program: Command,
  spec: { name: string; description: string; remove: (workflow: Workflow, options: { file: string }) => PatchResult; done: string; extraNotes?: string[] },
): void {
  const command = withCwd(
    program
      .command(spec.name)
      .description(spec.description)
      .argument('<key>', 'workflow key: workflows/<key>.json')
      .option('--dry-run', 'print the JSON Patch and a summary; write nothing'),
  ).action((key: string, options: { cwd: string; dryRun?: boolean }) => {
    const layout = detectLayout(options.cwd);
    const file = loadWorkflowFile(layout, key);
    finishPatch(layout, file, spec.remove(file.workflow, { file: file.label }), { dryRun: options.dryRun, done: spec.done, extraNotes: spec.extraNotes });
  });
  withExamples(command, [`n8n-lock ${spec.name} invoice_sync`, `n8n-lock ${spec.name} invoice_sync --dry-run`]);
}
