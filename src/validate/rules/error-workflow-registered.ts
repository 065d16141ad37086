import { isPlaceholderFor } from '../../workflow/placeholders.js';
import { defineRule, type RuleFinding } from '../types.js';

/** An errorWorkflow pointing at the cleanup handler needs the handler in the repo and in every env. */
export const errorWorkflowRegistered = defineRule({
  id: 'error-workflow-registered',
  meta: {
    description: 'settings.errorWorkflow pointing at error_handler_lock_cleanup requires the handler in the repo and registered in every env',
    defaultSeverity: 'error',
    rationale: "A workflow locked with cleanup names `{{@:env:workflows.error_handler_lock_cleanup.id}}` as its error workflow. Without the handler in the repository, or without its id in an env file, render fails or n8n has no error workflow to run, and a failed execution's lock stays until its TTL. Install it with `n8n-lock create-lock --include-error-handler --env <envs>`.",
    messages: {
      handlerMissing: 'settings.errorWorkflow is the lock cleanup handler, but the repository has no error_handler_lock_cleanup workflow: run n8n-lock create-lock --include-error-handler',
      notRegistered: 'settings.errorWorkflow is the lock cleanup handler, but {{env}} does not register error_handler_lock_cleanup',
    },
  },
  check({ workflow, envs, repo }) {
    if (!isPlaceholderFor(workflow.settings?.errorWorkflow, 'workflows.error_handler_lock_cleanup.id')) return [];
    const findings: RuleFinding[] = [];
    if (!repo.workflowKeys.has('error_handler_lock_cleanup')) {
      findings.push({ messageId: 'handlerMissing', pointer: '/settings/errorWorkflow' });
    }
    for (const env of envs) {
      if (!env.data.workflows?.error_handler_lock_cleanup) {
        findings.push({ messageId: 'notRegistered', data: { env: env.file }, pointer: '/settings/errorWorkflow' });
      }
    }
    return findings;
  },
});
