import { existsSync } from 'node:fs';
import { detectJsonStyle, parseJsonText, stringifyJson, type JsonStyle } from '../workflow/json-file.js';
import { parseWorkflow, PatchableWorkflowSchema, type Workflow } from '../workflow/schema.js';
import { readText } from './io.js';
import { display, unknownWorkflowError, workflowPath, type RepoLayout } from './repo.js';

export interface WorkflowFile {
  key: string;
  path: string;
  /** Path relative to the repo root, for messages. */
  label: string;
  text: string;
  style: JsonStyle;
  workflow: Workflow;
}

/**
 * Reads and schema-checks workflows/<key>.json for the patchers (what they read and change; nodes
 * they pass through may lack typeVersion or position, as n8n allows); an unknown key lists the known ones.
 */
export function loadWorkflowFile(layout: RepoLayout, key: string): WorkflowFile {
  const cleanKey = key.replace(/\.template\.json$|\.json$/, '');
  const path = workflowPath(layout, cleanKey);
  const label = display(layout, path);
  if (!existsSync(path)) throw unknownWorkflowError(layout, cleanKey);
  const text = readText(path, label);
  return { key: cleanKey, path, label, text, style: detectJsonStyle(text), workflow: parseWorkflow(parseJsonText(text, label), label, PatchableWorkflowSchema) };
}

/** The new text of a workflow file, in the file's own indentation and newline style. */
export function workflowText(file: WorkflowFile, workflow: Workflow): string {
  return stringifyJson(workflow, file.style);
}
