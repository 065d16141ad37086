import { unknownWorkflowKeys } from '../../envs/workflow-keys.js';
import { defineEnvRule, pointerKey } from '../types.js';

/** Every `workflows.<key>` of an env file names a workflow file of the repository. */
export const envWorkflowKeys = defineEnvRule({
  id: 'env-workflow-keys',
  meta: {
    description: 'every workflows.<key> of an env file names a workflow file of the repository',
    defaultSeverity: 'error',
    rationale:
      'An env file pairs each workflow file (`workflows/<key>.json`) with the id n8n gave it in that environment, under `workflows.<key>`. A key that names no file is almost always a typo (`invoice_synk` for `invoice_sync`): render and validate never look the file up under that key, so the real file has no id in this environment, and `deploy` creates its workflow in n8n a second time (a duplicate whose webhooks then conflict with the first). This rule reports each such key with the closest workflow file, in every env file that validate reads (all of them without `--env`); `deploy` and `pull` refuse such an env file before they write anything. If the env file deliberately lists workflows kept in another repository, switch the rule off in `n8n-lock.config.json`.',
    messages: {
      unknownKey: 'workflows.{{key}} names no workflow file ({{file}} does not exist){{hint}}',
    },
  },
  checkEnv({ env, workflowKeys, workflowFileOf }) {
    return unknownWorkflowKeys(env.data, workflowKeys).map(({ key, closest }) => ({
      messageId: 'unknownKey',
      data: { key, file: workflowFileOf(key), hint: closest !== undefined ? `: did you mean ${closest}?` : '' },
      pointer: `/workflows/${pointerKey(key)}`,
    }));
  },
});
