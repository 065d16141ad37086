// The production webhook routes a published workflow claims on its n8n instance: n8n serves one
// workflow per method and path, and refuses to publish a second one with "There is a conflict with
// one of the webhooks." (HTTP 409). deploy checks the routes before it writes anything.
//
// Modelled on n8n 2.41's WebhookService.getNodeWebhooks: the Webhook node (path, httpMethod, or the
// methods of "Allow Multiple HTTP Methods") and the Form Trigger (path, else options.path, else its
// webhookId; GET and POST). Paths are trimmed of surrounding slashes as n8n does. A path that is an
// expression, or dynamic (a `:param` segment, which n8n prefixes with the node's webhookId), is not
// claimed statically and is skipped; so are disabled nodes. Other trigger nodes (services that call
// n8n back) get a path made of their own webhookId: they cannot collide by choice.

export interface WebhookRoute {
  /** The node that serves it. */
  node: string;
  method: string;
  /** As n8n stores it: no leading or trailing slash. */
  path: string;
}

interface NodeLike {
  name?: unknown;
  type?: unknown;
  disabled?: unknown;
  webhookId?: unknown;
  parameters?: unknown;
}

const WEBHOOK = 'n8n-nodes-base.webhook';
const FORM_TRIGGER = 'n8n-nodes-base.formTrigger';

/** `GET invoice-sync`: one route, as n8n keys its webhook table. */
export const routeKey = (route: WebhookRoute) => `${route.method} ${route.path}`;

export function webhookRoutes(nodes: readonly NodeLike[]): WebhookRoute[] {
  const routes: WebhookRoute[] = [];
  for (const node of nodes) {
    if (node.disabled === true || (node.type !== WEBHOOK && node.type !== FORM_TRIGGER)) continue;
    const parameters = (node.parameters && typeof node.parameters === 'object' ? node.parameters : {}) as Record<string, unknown>;
    const options = (parameters.options && typeof parameters.options === 'object' ? parameters.options : {}) as Record<string, unknown>;
    const raw = node.type === WEBHOOK ? parameters.path : [parameters.path, options.path, node.webhookId].find((p) => typeof p === 'string' && p !== '');
    if (typeof raw !== 'string' || raw.startsWith('=')) continue;
    const path = raw.trim().replace(/^\//, '').replace(/\/$/, '');
    if (path === '' || isDynamic(path)) continue;
    for (const method of methodsOf(node.type, parameters)) routes.push({ node: String(node.name ?? ''), method, path });
  }
  return routes;
}

function methodsOf(type: unknown, parameters: Record<string, unknown>): string[] {
  if (type === FORM_TRIGGER) return ['GET', 'POST'];
  const methods = parameters.multipleMethods === true ? (parameters.httpMethod ?? ['GET', 'POST']) : (parameters.httpMethod ?? 'GET');
  return [methods].flat().filter((m): m is string => typeof m === 'string' && !m.startsWith('='));
}

/** n8n's isDynamicPath: a segment that starts with `:`. */
function isDynamic(path: string): boolean {
  return path.startsWith(':') || path.includes('/:');
}
