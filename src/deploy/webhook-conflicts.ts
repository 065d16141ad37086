// Deploy refuses a plan whose published workflows would claim a webhook route that another
// workflow already serves: n8n would accept the content and then refuse the publish with HTTP 409
// ("There is a conflict with one of the webhooks."), after deploy had written. Pure: the planned
// workflows' nodes and the instance's published workflows in, the first conflict's message out.
import { routeKey, webhookRoutes, type WebhookRoute } from '../workflow/webhooks.js';
import type { PublishedWorkflow } from './n8n-api.js';

export interface PlannedRoutes {
  key: string;
  /** Repository-relative file, for the message. */
  file: string;
  /** The workflow's id on the instance ('' when deploy creates it). */
  id: string;
  nodes: ReadonlyArray<Record<string, unknown>>;
}

const describe = (route: WebhookRoute) => `webhook ${route.method} /${route.path} (node "${route.node}")`;

/**
 * The first conflict, worded as a refusal, or undefined. `live` is undefined when the instance
 * could not be listed: then only the plan is checked against itself.
 */
export function webhookConflict(planned: readonly PlannedRoutes[], live: readonly PublishedWorkflow[] | undefined, base: string): string | undefined {
  const claimed = new Map<string, { plan: PlannedRoutes; route: WebhookRoute }>();
  for (const plan of planned) {
    for (const route of webhookRoutes(plan.nodes)) {
      const first = claimed.get(routeKey(route));
      if (first) {
        const where = first.plan.key === plan.key ? `node "${first.route.node}" of the same workflow` : `${first.plan.file} (node "${first.route.node}")`;
        return `${plan.file}: ${describe(route)} is also claimed by ${where}: n8n serves one workflow per method and path; change one of the paths; nothing was written`;
      }
      claimed.set(routeKey(route), { plan, route });
    }
  }
  // A workflow this deploy updates gives up its own routes when its new version is published.
  const deployed = new Set(planned.map((p) => p.id).filter(Boolean));
  for (const workflow of live ?? []) {
    if (deployed.has(workflow.id)) continue;
    for (const route of webhookRoutes(workflow.activeVersion?.nodes ?? workflow.nodes ?? [])) {
      const mine = claimed.get(routeKey(route));
      if (mine) return `${mine.plan.file}: ${describe(mine.route)} is already served by the published workflow "${workflow.name}" (id ${workflow.id}) on ${base}: change the path, or unpublish that workflow in n8n; nothing was written`;
    }
  }
  return undefined;
}
