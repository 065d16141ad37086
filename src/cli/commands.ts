// Every command of the CLI, by name, each loaded only when asked for. index.ts runs one; the command
// reference (docs/reference/cli.md) registers them all.
import type { Command } from 'commander';

export const PROGRAM_DESCRIPTION = 'Per-resource locks and rate limits for n8n workflows kept as JSON in git';

// One register function per command file. Only the command being run is loaded (cold start:
// the heavy modules of the other commands, ioredis or acorn, are never imported for it).
type Register = (program: Command) => void;
export const COMMANDS: Record<string, () => Promise<Register>> = {
  emit: async () => (await import('./emit.js')).registerEmit,
  'create-lock': async () => (await import('./create-lock.js')).registerCreateLock,
  'copy-primitive': async () => (await import('./copy-primitive.js')).registerCopyPrimitive,
  'add-lock-to-workflow': async () => (await import('./add-lock.js')).registerAddLock,
  'add-rate-limit-to-workflow': async () => (await import('./add-rate-limit.js')).registerAddRateLimit,
  'remove-lock': async () => (await import('./add-lock.js')).registerRemoveLock,
  'remove-rate-limit': async () => (await import('./add-rate-limit.js')).registerRemoveRateLimit,
  render: async () => (await import('./render.js')).registerRender,
  deploy: async () => (await import('./deploy.js')).registerDeploy,
  pull: async () => (await import('./pull.js')).registerPull,
  validate: async () => (await import('./validate.js')).registerValidate,
  status: async () => (await import('./status.js')).registerStatus,
  unlock: async () => (await import('./unlock.js')).registerUnlock,
  functions: async () => (await import('./functions.js')).registerFunctions,
  metrics: async () => (await import('./metrics.js')).registerMetrics,
  queue: async () => (await import('./queue.js')).registerQueue,
  dashboard: async () => (await import('./dashboard.js')).registerDashboard,
};
