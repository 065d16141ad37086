import type { Command } from 'commander';
import { Option } from 'commander';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors.js';
import type { EnvFile } from '../envs/env-file.js';
import { readText } from './io.js';
import { positiveIntOrZero, withCwd, withExamples } from './program.js';
import { detectLayout, display, listEnvFiles, listWorkflowKeys, type RepoLayout } from './repo.js';
import { ENGINE_RULES, RULES } from '../validate/rules.js';

interface Options {
  cwd: string;
  env?: string;
  format: 'stylish' | 'json' | 'github' | 'sarif';
  maxWarnings?: number;
  reportUnusedDisableDirectives?: boolean;
  concurrency: string;
}

/** `--concurrency`: a thread count, "auto" (one per core for large repositories) or "off". */
function concurrency(value: string): string {
  if (value === 'auto' || value === 'off' || /^[1-9]\d*$/.test(value)) return value;
  throw new InputError(`--concurrency must be a whole number of 1 or more, "auto" or "off" (got "${value}")`);
}

/** JSON files under the given paths (files or folders), or the workflows folder by default. */
function collectFiles(layout: RepoLayout, paths: string[]): string[] {
  const roots = paths.length > 0 ? paths.map((p) => resolve(layout.root, p)) : [layout.workflowsDir];
  const files: string[] = [];
  for (const root of roots) {
    if (!existsSync(root)) {
      if (paths.length === 0) continue; // a repo without a workflows folder has nothing to check
      throw new InputError(`${relative(layout.root, root) || root}: no such file or directory`);
    }
    const walk = (path: string) => {
      const stat = statSync(path);
      if (stat.isDirectory()) {
        for (const entry of readdirSync(path).sort()) if (entry !== 'node_modules' && !entry.startsWith('.')) walk(join(path, entry));
      } else if (path.endsWith('.json') || paths.includes(relative(layout.root, path))) files.push(path);
    };
    walk(root);
  }
  return [...new Set(files)];
}

async function loadEnvs(layout: RepoLayout, envOption: string | undefined): Promise<EnvFile[]> {
  const files = envOption ? undefined : listEnvFiles(layout);
  if (files?.length === 0) return []; // no env files: the YAML and schema modules are not even loaded
  const [{ parseEnvFile }, { loadSelectedEnvs }] = await Promise.all([import('../envs/env-file.js'), import('./envs.js')]);
  if (envOption) return loadSelectedEnvs(layout, envOption);
  // Without --env every environment is cross-checked (lockScopes, handler registration).
  return files!.map(({ name, path }) => parseEnvFile(readText(path, display(layout, path)), display(layout, path), name));
}

export function registerValidate(program: Command): void {
  const command = withCwd(
    program
      .command('validate')
      .description('check workflow JSON for impure Code nodes, broken graphs and unsound locks (exit 0 clean, 1 findings, 2 bad input)')
      .argument('[paths...]', 'files or folders to check (default: the workflows folder)')
      .option('--env <names>', 'environments to check against: placeholders must resolve there (default: every env for lockScopes checks)')
      .addOption(new Option('--format <format>', 'output format').choices(['stylish', 'json', 'github', 'sarif']).default('stylish'))
      .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', positiveIntOrZero('--max-warnings'))
      .option('--report-unused-disable-directives', 'report inline n8n-lock-disable suppressions that suppress nothing (as errors)')
      .option('--concurrency <n>', 'threads for large repositories: a number, "auto" (one per core, from 4 cores and 200 files on) or "off"', concurrency, 'auto'),
  ).action(async (paths: string[], options: Options) => {
    const [{ summarize }, { validateFilesInParallel, threadsFor }, { formatResults }, { parseRuleSettings }] = await Promise.all([
      import('../validate/engine.js'),
      import('../validate/parallel.js'),
      import('../validate/formatters/index.js'),
      import('../validate/config.js'),
    ]);
    const layout = detectLayout(options.cwd);
    // Before any file is read: a config that names an unknown rule is bad input (exit 2).
    const rules = parseRuleSettings(layout.config.rules);
    const envs = await loadEnvs(layout, options.env);
    const files = collectFiles(layout, paths);
    const inputs = files.map((path) => {
      const label = relative(layout.root, path).split(sep).join('/') || path;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw new InputError(`${label}: cannot read (${(error as NodeJS.ErrnoException).code})`);
      }
      return { file: label, text };
    });
    const threads = options.concurrency === 'off' ? 1 : options.concurrency === 'auto' ? threadsFor(inputs.length) : Number(options.concurrency);
    const results = await validateFilesInParallel(
      inputs,
      { envs, envsSelected: Boolean(options.env), rules, workflowKeys: new Set(listWorkflowKeys(layout)), reportUnusedDisableDirectives: options.reportUnusedDisableDirectives },
      threads,
    );
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(formatResults(options.format, results, pkg.version));
    const summary = summarize(results);
    const tooManyWarnings = options.maxWarnings !== undefined && summary.warnings > options.maxWarnings;
    if (tooManyWarnings) process.stderr.write(`n8n-lock: ${summary.warnings} warning(s), more than --max-warnings ${options.maxWarnings}\n`);
    process.exitCode = summary.errors > 0 || tooManyWarnings ? 1 : 0;
  });
  withExamples(command, [
    'n8n-lock validate',
    'n8n-lock validate workflows/billing --env prod',
    'n8n-lock validate --format github --max-warnings 0',
    'n8n-lock validate --format sarif > n8n-lock.sarif',
    'n8n-lock validate --report-unused-disable-directives --concurrency off',
  ]);
  // The rule ids a config or an inline suppression may name, with their default severity.
  const width = Math.max(...[...RULES, ...ENGINE_RULES].map((r) => r.id.length));
  command.addHelpText(
    'after',
    `\nRules (configure in n8n-lock.config.json { "rules": { "<id>": "off" | "warning" | "error" } }; docs: docs/rules/<id>.md):\n` +
      RULES.map((r) => `  ${r.id.padEnd(width)}  ${r.meta.defaultSeverity.padEnd(7)}  ${r.meta.description}`).join('\n') +
      `\nReported by the engine itself (not configurable): ${ENGINE_RULES.map((r) => r.id).join(', ')}\n`,
  );
}
