// The n8n versions n8n-lock knows, once: what a version text means, which version validate proves
// Code nodes for by default, and for which versions the code-purity model describes the runtime
// a Code node really runs in. Pure.
//
// The model (src/validate/purity, js-analysis.ts) is of n8n 2.41.1's JavaScript task runner: the vm
// context @n8n/task-runner builds (dist/js-task-runner: its globals, prelude and prototype
// hardening) on Node 24, started with n8n's runner flags. `node scripts/n8n-runtime-diff.mjs`
// compares the runner every published n8n depends on with the modelled one, file for file: the
// same for every n8n from 2.38.0 to 2.41.3, except four whose runner the registry does not hold
// (so nobody compared it), and different in 2.37 and before. n8n 1.x runs a Code node in its own
// process (vm2) unless task runners are switched on, a different sandbox: not modelled.
import { InputError } from './errors.js';

export interface N8nVersion {
  major: number;
  minor: number;
  patch: number;
  /** As written: `2.41.1`. */
  text: string;
}

/** The version validate proves for when the repository names none: the newest it was proven on. */
export const DEFAULT_N8N_VERSION = '2.41.1';

/**
 * The n8n versions whose JavaScript task runner is, file for file, the modelled one's, as
 * `node scripts/n8n-runtime-diff.mjs --from 2.37.0` printed it on 2026-11-28. Left out although
 * inside the range: 2.39.1, 2.39.9, 2.40.0 and 2.41.3, whose runner (@n8n/task-runner 2.39.1,
 * 2.39.7, 2.40.0, 2.41.2) the registry does not hold: not compared, so not assumed.
 */
export const CODE_RUNTIME_MODELLED: readonly string[] = [
  '2.38.0', '2.38.1', '2.38.2', '2.38.3', '2.38.4', '2.38.5', '2.38.7',
  '2.39.0', '2.39.3', '2.39.4', '2.39.5', '2.39.6', '2.39.7', '2.39.8', '2.39.10',
  '2.40.1', '2.40.2', '2.40.3', '2.40.4', '2.40.5', '2.40.7',
  '2.41.0', '2.41.1',
];

/** Parses `major.minor.patch` (a leading `v` and a pre-release or build suffix are refused: n8n publishes plain versions). */
export function parseN8nVersion(text: unknown, where: string): N8nVersion {
  const match = typeof text === 'string' ? /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(text) : null;
  if (!match) throw new InputError(`${where}: ${JSON.stringify(text)} is not an n8n version (expected major.minor.patch, such as ${DEFAULT_N8N_VERSION})`);
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), text: text as string };
}

/**
 * Whether the code-purity model describes the runtime this version runs a JavaScript Code node
 * in, and if not, why (one clause, for a finding).
 */
export function codeRuntimeOf(version: N8nVersion): { modelled: true } | { modelled: false; why: string } {
  if (CODE_RUNTIME_MODELLED.includes(version.text)) return { modelled: true };
  const range = `${CODE_RUNTIME_MODELLED[0]} to ${CODE_RUNTIME_MODELLED.at(-1)}`;
  if (version.major < 2) return { modelled: false, why: `n8n ${version.major}.x runs a Code node in its own process (vm2) unless task runners are on, a sandbox code-purity does not model (it models the task runner of n8n ${range})` };
  return { modelled: false, why: `code-purity models the task runner of n8n ${range} (the versions whose runner was compared with the modelled one's and found the same: docs/validate.md), and n8n ${version.text}'s was not` };
}
