import { z } from 'zod';
import { InputError, formatIssuePath } from '../errors.js';

/** One end of a connection: `{ node: "Target Name", type: "main", index: 0 }`. */
export const ConnectionTargetSchema = z
  .object({ node: z.string(), type: z.string(), index: z.number().int().nonnegative() })
  .passthrough();

/**
 * connections[sourceName][connectionType] is an array indexed by output index; each slot lists the
 * targets of that output (n8n writes `null` or `[]` for an unconnected output).
 */
export const ConnectionsSchema = z.record(
  z.string(),
  z.record(z.string(), z.array(z.array(ConnectionTargetSchema).nullable())),
);

export const NodeSchema = z
  .object({
    id: z.string().optional(),
    name: z.string().min(1),
    type: z.string().min(1),
    typeVersion: z.number(),
    position: z.tuple([z.number(), z.number()]),
    parameters: z.record(z.string(), z.unknown()),
    credentials: z.record(z.string(), z.unknown()).optional(),
    webhookId: z.string().optional(),
    disabled: z.boolean().optional(),
    notes: z.string().optional(),
    onError: z.string().optional(),
  })
  .passthrough();

export const WorkflowSchema = z
  .object({
    name: z.string().optional(),
    nodes: z.array(NodeSchema),
    connections: ConnectionsSchema,
    settings: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

/**
 * What the patchers need of a workflow: n8n runs a node without `typeVersion` on the node's default
 * version and places one without `position` itself, so a node the patchers do not move or read may
 * lack them (validate reports such oddities; the patchers pass them through untouched). What they
 * read and change is checked: names, types, connections, settings.
 */
export const PatchableNodeSchema = NodeSchema.extend({
  typeVersion: z.number().optional(),
  position: z.tuple([z.number(), z.number()]).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

export const PatchableWorkflowSchema = WorkflowSchema.extend({ nodes: z.array(PatchableNodeSchema) });

export { isWorkflowShape } from './shape.js';

export type ConnectionTarget = z.infer<typeof ConnectionTargetSchema>;
export type Connections = z.infer<typeof ConnectionsSchema>;
/** A node as the patchers and graph queries see it (typeVersion, position and parameters may be missing). */
export type WorkflowNode = z.infer<typeof PatchableNodeSchema>;
export type Workflow = z.infer<typeof PatchableWorkflowSchema>;

/**
 * Validates a parsed JSON value as an n8n workflow. Throws InputError naming the file and the
 * first offending path, e.g. `workflows/a.json: nodes[2].position: expected array`.
 */
export function parseWorkflow(value: unknown, file: string, schema: typeof WorkflowSchema | typeof PatchableWorkflowSchema = WorkflowSchema): Workflow {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InputError(`${file}: not an n8n workflow: ${formatIssuePath(issue.path)}: ${issue.message}`);
  }
  const seen = new Set<string>();
  for (const [i, node] of result.data.nodes.entries()) {
    if (seen.has(node.name)) {
      throw new InputError(`${file}: nodes[${i}].name: duplicate node name "${node.name}"`);
    }
    seen.add(node.name);
  }
  // The input itself, not zod's copy: zod reorders keys, and a rewrite must keep the user's order.
  return value as Workflow;
}
