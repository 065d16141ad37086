import { isPlaceholderFor } from '../../workflow/placeholders.js';
import type { Rule, RuleFinding } from '../types.js';

/** An errorWorkflow pointing at the cleanup handler needs the handler in the repo and in every env. */
export const errorWorkflowRegistered: Rule = {
  id: 'error-workflow-registered',
  description: 'settings.errorWorkflow pointing at error_handler_lock_cleanup requires the handler in the repo and registered in every env',
  defaultSeverity: 'error',
  check({ workflow, envs, repo }) {
    if (!isPlaceholderFor(workflow.settings?.errorWorkflow, 'workflows.error_handler_lock_cleanup.id')) return [];
    const findings: RuleFinding[] = [];
    if (!repo.workflowKeys.has('error_handler_lock_cleanup')) {
      findings.push({ message: 'settings.errorWorkflow is the lock cleanup handler, but the repository has no error_handler_lock_cleanup workflow: run n8n-lock create-lock --include-error-handler', pointer: '/settings/errorWorkflow' });
    }
    for (const env of envs) {
      if (!env.data.workflows?.error_handler_lock_cleanup) {
        findings.push({ message: `settings.errorWorkflow is the lock cleanup handler, but ${env.file} does not register error_handler_lock_cleanup`, pointer: '/settings/errorWorkflow' });
      }
    }
    return findings;
  },
};
