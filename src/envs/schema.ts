import { z } from 'zod';

/** `workflows.<key>`: the id n8n gave the workflow in this environment, and its name. */
export const WorkflowRefSchema = z
  .object({
    id: z.string().describe('n8n workflow id in this environment ("" until deployed)'),
    name: z.string().describe('workflow name in this environment'),
  })
  .passthrough();

/**
 * One environment (envs/<env>.yml). Unknown keys are allowed and kept: the same file often feeds
 * other deployment tooling.
 */
export const EnvSchema = z
  .object({
    name: z.string().optional().describe('environment name, e.g. dev'),
    displayName: z.string().optional(),
    workflowNamePostfix: z.string().optional(),
    credentials: z
      .object({
        redis: z.object({ id: z.string(), name: z.string() }).passthrough().optional(),
      })
      .passthrough()
      .optional()
      .describe('credential ids and names referenced by {{@:env:credentials.*}} placeholders'),
    n8n: z
      .object({ url: z.string().optional().describe('the n8n instance deploy and pull talk to, e.g. https://n8n.example.com') })
      .passthrough()
      .optional()
      .describe('the live n8n of this environment'),
    redis: z
      .object({
        url: z
          .string()
          .min(1)
          .optional()
          .describe('the Redis the primitives of this environment use, as --redis-url takes it (redis://host:6379/0, rediss://, redis-cluster://, redis-sentinel://); a password is better kept out of a committed file: $N8N_LOCK_REDIS_URL or --redis-url override this'),
        tlsInsecure: z.boolean().optional().describe('with a rediss:// url: do not verify the server certificate, as --tls-insecure'),
      })
      .passthrough()
      .optional()
      .describe('where status, unlock and functions status read with --env <name>'),
    workflows: z.record(z.string(), WorkflowRefSchema).nullable().optional().describe('workflow ids by key'),
    lockScopes: z
      .array(z.string().min(1))
      .nullable()
      .optional()
      .describe('static lock scopes the error handler frees for a failed execution'),
  })
  .passthrough();

export type EnvConfig = z.infer<typeof EnvSchema>;

/** The JSON Schema published as schema/env.schema.json (for `# yaml-language-server: $schema=`). */
export function envJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(EnvSchema, { target: 'draft-7', io: 'input' }),
    $id: 'https://n8n-lock.dev/schema/env.schema.json',
    title: 'n8n-lock environment file',
  } as Record<string, unknown>;
}
