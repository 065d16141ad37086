// The env-file rules (rules.ts ENV_RULES) over every env file validate reads: one FileResult per
// env file, its findings placed on the YAML key they name. Pure: the CLI reads the files.
import { isMap, isScalar, type Node } from 'yaml';
import type { EnvFile } from '../envs/env-file.js';
import { lineColumn, type FileResult, type RuleSetting } from './engine.js';
import { ENV_RULES } from './rules.js';
import { formatMessage, keyOfPointerToken, type Finding } from './types.js';

export interface EnvCheckOptions {
  workflowKeys: readonly string[];
  workflowFileOf(key: string): string;
  rules?: Record<string, RuleSetting>;
}

export function validateEnvFiles(envs: readonly EnvFile[], options: EnvCheckOptions): FileResult[] {
  return envs.map((env) => {
    const findings: Finding[] = [];
    for (const rule of ENV_RULES) {
      const setting = options.rules?.[rule.id];
      if (setting === 'off') continue;
      for (const found of rule.checkEnv({ env, workflowKeys: options.workflowKeys, workflowFileOf: options.workflowFileOf })) {
        const severity = setting ?? found.severity ?? rule.meta.defaultSeverity;
        const message = formatMessage(rule.meta.messages[found.messageId], found.data);
        findings.push({ ruleId: rule.id, messageId: found.messageId, severity, message, file: env.file, pointer: found.pointer, ...yamlRange(env, found.pointer) });
      }
    }
    return { file: env.file, kind: 'env' as const, findings };
  });
}

/** Where the key a pointer names sits in the env file's text (the whole file's start when it cannot be found). */
function yamlRange(env: EnvFile, pointer: string): { line: number; column: number; endLine: number; endColumn: number } {
  let node: Node | null | undefined = env.doc.contents as Node | null;
  let range: readonly number[] | undefined;
  for (const token of pointer.split('/').slice(1).map(keyOfPointerToken)) {
    if (!isMap(node)) break;
    const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === token);
    if (!pair) break;
    range = isScalar(pair.key) ? pair.key.range ?? undefined : undefined;
    node = pair.value as Node | null;
  }
  const start = range ? lineColumn(env.text, range[0]) : { line: 1, column: 1 };
  const end = range ? lineColumn(env.text, range[1]) : start;
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
