import type { Command } from 'commander';
import { Option } from 'commander';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { InputError } from '../errors.js';
import { parseEnvFile, type EnvFile } from '../envs/env-file.js';
import { loadSelectedEnvs } from './envs.js';
import { readText } from './io.js';
import { positiveIntOrZero, withCwd, withExamples } from './program.js';
import { detectLayout, display, listEnvFiles, listWorkflowKeys, type RepoLayout } from './repo.js';

interface Options {
  cwd: string;
  env?: string;
  format: 'stylish' | 'json' | 'github' | 'sarif';
  maxWarnings?: number;
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

function loadEnvs(layout: RepoLayout, envOption: string | undefined): EnvFile[] {
  if (envOption) return loadSelectedEnvs(layout, envOption);
  // Without --env every environment is cross-checked (lockScopes, handler registration).
  return listEnvFiles(layout).map(({ name, path }) => parseEnvFile(readText(path, display(layout, path)), display(layout, path), name));
}

export function registerValidate(program: Command): void {
  const command = withCwd(
    program
      .command('validate')
      .description('check workflow JSON for impure Code nodes, broken graphs and unsound locks (exit 0 clean, 1 findings, 2 bad input)')
      .argument('[paths...]', 'files or folders to check (default: the workflows folder)')
      .option('--env <names>', 'environments to check against: placeholders must resolve there (default: every env for lockScopes checks)')
      .addOption(new Option('--format <format>', 'output format').choices(['stylish', 'json', 'github', 'sarif']).default('stylish'))
      .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', positiveIntOrZero('--max-warnings')),
  ).action(async (paths: string[], options: Options) => {
    const [{ validateFiles, summarize }, { formatResults }] = await Promise.all([import('../validate/engine.js'), import('../validate/formatters/index.js')]);
    const layout = detectLayout(options.cwd);
    const envs = loadEnvs(layout, options.env);
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
    const rules = (layout.config.rules ?? {}) as Record<string, 'off' | 'warning' | 'error'>;
    for (const [id, setting] of Object.entries(rules)) {
      if (!['off', 'warning', 'error'].includes(setting)) throw new InputError(`n8n-lock.config.json: rules.${id}: expected "off", "warning" or "error", got ${JSON.stringify(setting)}`);
    }
    const results = validateFiles(inputs, { envs, envsSelected: Boolean(options.env), rules, workflowKeys: new Set(listWorkflowKeys(layout)) });
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
  ]);
}
