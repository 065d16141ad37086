import type { Command } from 'commander';
import { Option } from 'commander';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError } from '../errors.js';
import { useValidateV8Flags } from '../validate/v8-flags.js';
import { DEFAULT_N8N_VERSION, parseN8nVersion } from '../n8n-versions.js';
import type { EnvFile } from '../envs/env-file.js';
import { readText, writeFileAtomic, WritePlan } from './io.js';
import { positiveIntOrZero, withCwd, withExamples } from './program.js';
import { detectLayout, display, listEnvFiles, listWorkflowKeys, repositoryN8nVersion, workflowPath, type RepoLayout } from './repo.js';
import { CONFIGURABLE_RULES, ENGINE_RULES } from '../validate/rules.js';
import { CACHE_FILE, runKey } from '../validate/analysis-cache.js';
import { applyBaseline, BASELINE_FILE, baselineSize, buildBaseline, parseBaseline, pruneBaseline, serializeBaseline, type NodeNameOf } from '../validate/baseline.js';
import type { FileResult, Input } from '../validate/engine.js';
import { FORMATS, type Format } from '../validate/formatters/index.js';
import { fixesFor, type FileFix } from '../validate/fix.js';

interface Options {
  cwd: string;
  env?: string;
  format: Format;
  maxWarnings?: number;
  reportUnusedDisableDirectives?: boolean;
  concurrency: string;
  baseline?: string;
  writeBaseline?: boolean;
  pruneBaseline?: boolean;
  cache?: boolean;
  cacheLocation?: string;
  fix?: boolean;
  fixDryRun?: boolean;
  n8nVersion?: string;
}

/** `--concurrency`: a thread count, "auto" (one per core for large repositories) or "off". */
function concurrency(value: string): string {
  if (value === 'auto' || value === 'off' || /^[1-9]\d*$/.test(value)) return value;
  throw new InputError(`--concurrency must be a whole number of 1 or more, "auto" or "off" (got "${value}")`);
}

/**
 * A file as read: its bytes, decoded anew each time its text is asked for (the engine asks once,
 * and again only for a file with findings or fixes). A repository's texts held as strings
 * survive the young generation and are copied out of it by the garbage collector, which costs
 * more than decoding (reading 2,352 files, 34 MB, alone: 0.41 s held as strings, 0.19 s as bytes).
 * Decoded as readFileSync(path, 'utf8') does: a byte-order mark stays, for the engine to skip.
 */
class SourceFile {
  constructor(
    readonly file: string,
    readonly bytes: Buffer,
  ) {}

  get text(): string {
    return this.bytes.toString('utf8');
  }
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

/**
 * The baseline step: --write-baseline records and returns undefined; otherwise the results without
 * the recorded findings (after --prune-baseline rewrote the file), with what no longer occurs
 * said on stderr. No baseline file and no --baseline: the results as they are.
 */
async function withBaseline(layout: RepoLayout, options: Options, inputs: Input[], results: FileResult[]): Promise<FileResult[] | undefined> {
  const path = resolve(layout.root, options.baseline ?? BASELINE_FILE);
  const label = display(layout, path);
  const present = existsSync(path);
  if (!options.writeBaseline && !present) {
    if (options.baseline !== undefined || options.pruneBaseline) throw new InputError(`${label}: no such baseline (write one with n8n-lock validate --write-baseline)`);
    return results;
  }
  const nodeNameOf = nodeNamesOf(inputs);
  const existing = present ? parseBaseline(readText(path, label), label) : {};
  const exists = (file: string) => existsSync(resolve(layout.root, file));
  if (options.writeBaseline) {
    const checked = new Set(results.map((r) => r.file));
    const kept = Object.fromEntries(Object.entries(existing).filter(([file]) => !checked.has(file) && exists(file)));
    const baseline = { ...kept, ...buildBaseline(results, nodeNameOf) };
    writeFileAtomic(path, serializeBaseline(baseline));
    process.stderr.write(`n8n-lock: ${label}: ${baselineSize(baseline)} finding(s) in ${Object.keys(baseline).length} file(s) recorded; validate now fails only on new ones\n`);
    return undefined;
  }
  let baseline = existing;
  if (options.pruneBaseline) {
    baseline = pruneBaseline(existing, results, nodeNameOf, exists);
    writeFileAtomic(path, serializeBaseline(baseline));
    process.stderr.write(`n8n-lock: ${label}: pruned ${baselineSize(existing) - baselineSize(baseline)} finding(s) that no longer occur; ${baselineSize(baseline)} recorded\n`);
  } else {
    const gone = Object.keys(existing).filter((file) => !exists(file));
    if (gone.length) throw new InputError(`${label} records ${gone.map((f) => JSON.stringify(f)).join(', ')}, which no longer exist${gone.length === 1 ? 's' : ''}: run n8n-lock validate --prune-baseline`);
  }
  const outcome = applyBaseline(results, baseline, nodeNameOf);
  if (outcome.unused.length) {
    const total = outcome.unused.reduce((n, u) => n + u.count, 0);
    const lines = outcome.unused.slice(0, 20).map((u) => `  ${u.file}  ${u.ruleId}  ${u.node ? `node "${u.node}"` : 'workflow'}: ${u.message}${u.count > 1 ? ` (x${u.count})` : ''}`);
    process.stderr.write(`n8n-lock: ${label}: ${total} recorded finding(s) no longer occur (n8n-lock validate --prune-baseline removes them):\n${lines.join('\n')}${outcome.unused.length > 20 ? `\n  ... and ${outcome.unused.length - 20} more` : ''}\n`);
  }
  return outcome.results;
}

/**
 * The --cache store (the Code-body analyses, in use for this thread, which also looks bodies up and
 * stores analyses for the worker threads; and the last run's results), and how to save it. Its
 * fingerprint is the text of the modules that decide a finding, so any change to n8n-lock's
 * analysis, a rule or a table discards it.
 */
async function openAnalysisCache(path: string) {
  const [{ AnalysisCache, analysisFingerprint }, { usePersistentAnalyses }] = await Promise.all([import('../validate/analysis-cache.js'), import('../validate/js-analysis.js')]);
  // Everything that decides a finding: the validate and workflow-model modules, and the protocol
  // (node types, key names) as installed.
  const require = createRequire(import.meta.url);
  const texts: string[] = [];
  const groups: Array<[string, URL]> = [
    ['validate', new URL('../validate/', import.meta.url)],
    ['workflow', new URL('../workflow/', import.meta.url)],
    ['protocol', new URL('./', pathToFileURL(require.resolve('n8n-lock-protocol/keys')))],
  ];
  for (const [group, modules] of groups) {
    for (const file of readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js')).sort()) texts.push(`${group}/${file}\n${readFileSync(new URL(file, modules), 'utf8')}`);
  }
  // The parser and the scope analyser decide an analysis too: their versions, as installed.
  for (const dependency of ['acorn', 'acorn-walk', 'eslint-scope']) texts.push(`${dependency}@${(require(`${dependency}/package.json`) as { version: string }).version}`);
  const cache = AnalysisCache.load(existsSync(path) ? readFileSync(path, 'utf8') : undefined, analysisFingerprint(texts));
  usePersistentAnalyses(cache);
  return {
    resultsFor: (key: string) => cache.resultsFor(key),
    storeResults: (key: string, results: FileResult[]) => cache.storeResults(key, results),
    async save() {
      usePersistentAnalyses(undefined);
      writeFileAtomic(path, cache.serialize());
    },
  };
}

/** A finding's node by name, from its pointer (`/nodes/<i>/...`); each file parsed once, only when asked. */
function nodeNamesOf(inputs: Input[]): NodeNameOf {
  const byFile = new Map(inputs.map((input) => [input.file, input])); // a text is decoded only when asked
  const names = new Map<string, string[]>();
  return (file, pointer) => {
    const match = /^\/nodes\/(\d+)(?:\/|$)/.exec(pointer);
    if (!match) return '';
    if (!names.has(file)) {
      let nodes: string[] = [];
      try {
        const workflow = JSON.parse(byFile.get(file)?.text ?? '') as { nodes?: Array<{ name?: unknown }> };
        nodes = Array.isArray(workflow.nodes) ? workflow.nodes.map((n) => String(n?.name ?? '')) : [];
      } catch {
        /* a file that is not JSON has no nodes */
      }
      names.set(file, nodes);
    }
    return names.get(file)![Number(match[1])] ?? `#${match[1]}`;
  };
}

/** Flags that cannot go with --fix / --fix-dry-run: one line, exit 2, before anything is read. */
function checkFixOptions(options: Options): void {
  if (!options.fix && !options.fixDryRun) return;
  const flag = options.fix ? '--fix' : '--fix-dry-run';
  if (options.fix && options.fixDryRun) throw new InputError('--fix and --fix-dry-run do not go together: --fix-dry-run shows what --fix would write');
  if (options.format === 'junit') throw new InputError(`--format junit does not go with ${flag}: a JUnit report is CI's record of what was found; fix in a separate run`);
  if (options.writeBaseline || options.pruneBaseline) throw new InputError(`${flag} does not go with ${options.writeBaseline ? '--write-baseline' : '--prune-baseline'}: fix first, then record the baseline`);
}

/**
 * Writes every fixed file (temp file + rename, inside the repository only), but only when no file
 * changed since validate read it: an editor saving meanwhile must not lose its change.
 */
export function applyFixes(root: string, paths: string[], inputs: Input[], fixes: FileFix[]): void {
  const plan = new WritePlan(root);
  for (const { index, file, fixed } of fixes) {
    if (readFileSync(paths[index], 'utf8') !== inputs[index].text) throw new InputError(`${file}: changed while validate ran; nothing was written (run --fix again)`);
    plan.put(paths[index], fixed, file);
  }
  plan.commit();
}

export function registerValidate(program: Command): void {
  const command = withCwd(
    program
      .command('validate')
      .description('check workflow JSON for impure Code nodes, broken graphs and unsound locks (exit 0 clean, 1 findings, 2 bad input)')
      .argument('[paths...]', 'files or folders to check (default: the workflows folder)')
      .option('--env <names>', 'environments to check against (default: every env file): placeholders must resolve and every workflows.<key> must name a workflow file; with --env, ids must also be filled in (not empty or a sentinel)')
      .addOption(new Option('--format <format>', 'output format (junit: one test case per file and rule, for GitLab and Jenkins)').choices([...FORMATS]).default('stylish'))
      .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', positiveIntOrZero('--max-warnings'))
      .option('--report-unused-disable-directives', 'report inline n8n-lock-disable suppressions that suppress nothing (as errors)')
      .option('--concurrency <n>', 'threads for large repositories: a number, "auto" (one per core, from 4 cores and 200 files on) or "off"', concurrency, 'auto')
      .option('--baseline <file>', `findings recorded earlier, which then do not fail the run (default: ${BASELINE_FILE} in the repository, when it exists)`)
      .option('--write-baseline', 'record every finding of the checked files in the baseline (other files\' entries are kept) and exit 0')
      .option('--prune-baseline', 'remove from the baseline what no longer occurs in the checked files, and files that no longer exist; then validate')
      .option('--cache', `keep the Code-body analyses (most of a cold run) and the last run's results in ${CACHE_FILE} between runs; a changed n8n-lock discards it`)
      .option('--cache-location <file>', `where --cache keeps them (default ${CACHE_FILE} in the repository)`)
      .option('--fix', 'apply the fixes that cannot change what a workflow does (the rules marked --fix), then report what is left')
      .option('--fix-dry-run', 'print those fixes as JSON Patch per file, change nothing (exit 1 when there is something to fix)')
      .option('--n8n-version <version>', `the n8n the workflows run on: code-purity proves Code nodes for its runtime, or reports each as unproven where that runtime is not modelled (default: "n8nVersion" in n8n-lock.config.json, else ${DEFAULT_N8N_VERSION})`),
  ).action(async (paths: string[], options: Options) => {
    if (options.writeBaseline && options.pruneBaseline) throw new InputError('--write-baseline and --prune-baseline do not go together: write records everything, prune only removes');
    checkFixOptions(options);
    // Before the rules load: the flags hold for everything compiled and allocated after (v8-flags.ts says why each).
    useValidateV8Flags();
    const [{ summarize }, { validateFilesInParallel, threadsFor }, { formatResults }, { parseRuleSettings, enabledRuleIds, enabledEnvRuleIds }, { validateEnvFiles }] = await Promise.all([
      import('../validate/engine.js'),
      import('../validate/parallel.js'),
      import('../validate/formatters/index.js'),
      import('../validate/config.js'),
      import('../validate/env-findings.js'),
    ]);
    const layout = detectLayout(options.cwd);
    // Before any file is read: a config that names an unknown rule or a version that is none is bad input (exit 2).
    const rules = parseRuleSettings(layout.config.rules);
    const n8nVersion = options.n8nVersion !== undefined ? parseN8nVersion(options.n8nVersion, '--n8n-version') : repositoryN8nVersion(layout);
    const envs = await loadEnvs(layout, options.env);
    const files = collectFiles(layout, paths);
    const inputs: Input[] = files.map((path) => {
      const label = relative(layout.root, path).split(sep).join('/') || path;
      try {
        return new SourceFile(label, readFileSync(path));
      } catch (error) {
        throw new InputError(`${label}: cannot read (${(error as NodeJS.ErrnoException).code})`);
      }
    });
    const threads = options.concurrency === 'off' ? 1 : options.concurrency === 'auto' ? threadsFor(inputs.length) : Number(options.concurrency);
    const cache = options.cache || options.cacheLocation ? await openAnalysisCache(resolve(layout.root, options.cacheLocation ?? CACHE_FILE)) : undefined;
    const validateOptions = { envs, envsSelected: Boolean(options.env), rules, workflowKeys: new Set(listWorkflowKeys(layout)), reportUnusedDisableDirectives: options.reportUnusedDisableDirectives, n8nVersion };
    // The results depend on the inputs and on these options, nothing else (the config file and the
    // env files are in them as read); the threads do not change them.
    const context = { ...validateOptions, envs: envs.map(({ name, file, text }) => ({ name, file, text })), workflowKeys: [...validateOptions.workflowKeys].sort() };
    let key = cache ? runKey(inputs, context) : '';
    const results = cache?.resultsFor(key) ?? (await validateFilesInParallel(inputs, validateOptions, threads));
    let checked = results;
    if (options.fix || options.fixDryRun) {
      const fixes = fixesFor(inputs, results);
      if (options.fixDryRun) {
        await cache?.save();
        process.stdout.write(`${JSON.stringify({ version: 1, fixes: fixes.map(({ file, patch }) => ({ file, patch })) }, null, 2)}\n`);
        process.exitCode = fixes.length ? 1 : 0;
        return;
      }
      if (fixes.length) {
        applyFixes(layout.root, files, inputs, fixes);
        process.stderr.write(`n8n-lock: fixed ${fixes.reduce((n, f) => n + f.patch.length, 0)} problem(s) in ${fixes.length} file(s)\n`);
        for (const { index, fixed } of fixes) inputs[index] = { file: inputs[index].file, text: fixed };
        // Again, on the fixed texts: the report is what is left (the cache makes this cheap).
        checked = await validateFilesInParallel(inputs, validateOptions, threads);
        if (cache) key = runKey(inputs, context);
      }
    }
    cache?.storeResults(key, checked);
    await cache?.save();
    // The env files against the repository's workflow files (a key that names no file): cheap, and
    // about every file of the repository whatever paths were named, so never cached.
    const envResults = validateEnvFiles(envs, { workflowKeys: [...validateOptions.workflowKeys], workflowFileOf: (key) => display(layout, workflowPath(layout, key)), rules });
    const reported = await withBaseline(layout, options, inputs, [...checked, ...envResults]);
    if (reported === undefined) return; // --write-baseline: recorded, nothing to report
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(formatResults(options.format, reported, pkg.version, enabledRuleIds(rules), enabledEnvRuleIds(rules)));
    const summary = summarize(reported);
    const tooManyWarnings = options.maxWarnings !== undefined && summary.warnings > options.maxWarnings;
    if (tooManyWarnings) process.stderr.write(`n8n-lock: ${summary.warnings} warning(s), more than --max-warnings ${options.maxWarnings}\n`);
    process.exitCode = summary.errors > 0 || tooManyWarnings ? 1 : 0;
  });
  withExamples(command, [
    'n8n-lock validate',
    'n8n-lock validate workflows/billing --env prod',
    'n8n-lock validate --format github --max-warnings 0',
    'n8n-lock validate --format sarif > n8n-lock.sarif',
    'n8n-lock validate --format junit > n8n-lock.junit.xml   # GitLab: artifacts:reports:junit',
    'n8n-lock validate --fix-dry-run                         # the safe fixes as JSON Patch; --fix writes them',
    'n8n-lock validate --report-unused-disable-directives --concurrency off',
    `n8n-lock validate --write-baseline          # adopt on an existing repository: record today's findings in ${BASELINE_FILE}`,
    'n8n-lock validate                           # then only new findings fail (the baseline is read when it exists)',
    'n8n-lock validate --prune-baseline          # drop recorded findings that were fixed',
  ]);
  // The rule ids a config or an inline suppression may name, with their default severity.
  const width = Math.max(...[...CONFIGURABLE_RULES, ...ENGINE_RULES].map((r) => r.id.length));
  command.addHelpText(
    'after',
    `\nRules (configure in n8n-lock.config.json { "rules": { "<id>": "off" | "warning" | "error" } }; docs: docs/rules/<id>.md):\n` +
      CONFIGURABLE_RULES.map((r) => `  ${r.id.padEnd(width)}  ${r.meta.defaultSeverity.padEnd(7)}  ${r.meta.description}`).join('\n') +
      `\nReported by the engine itself (not configurable): ${ENGINE_RULES.map((r) => r.id).join(', ')}\n`,
  );
}
