// Which n8n versions run a JavaScript Code node in the runtime code-purity models: for every
// published n8n 2.x, the @n8n/task-runner it depends on, and whether that runner's compiled
// JavaScript task runner (dist/js-task-runner: the vm context, its globals, prelude and prototype
// hardening) is file for file the modelled one's (source maps aside), from the npm registry.
//   node scripts/n8n-runtime-diff.mjs [--from 2.30.0]
// Prints one line per n8n version, then the unbroken run of identical ones around the modelled one:
//   runtime: n8n=<version> task_runner=<version> js_task_runner=identical|differs|unavailable files_differing=<n>
//   runtime: modelled=<version> identical_from=<v> identical_through=<v> unavailable=<v,v,...>
// CODE_RUNTIME_MODELLED in src/n8n-versions.ts declares that run, and its unavailable versions
// (whose runner the registry does not hold) as not modelled: never assumed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const MODELLED = '2.41.1';
const fromIndex = process.argv.indexOf('--from');
const from = fromIndex > 0 ? process.argv[fromIndex + 1] : '2.0.0';
const order = (v) => v.split('.').reduce((n, part) => n * 10_000 + Number(part), 0);

const work = mkdtempSync(join(tmpdir(), 'n8n-runtime-diff-'));
try {
  const npm = (args) => execFileSync('npm', args, { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // `n8n@2.40.3 '2.40.2'`: each n8n version and the runner it depends on.
  const runnerOfN8n = new Map(
    [...npm(['view', `n8n@>=${from} <3`, 'dependencies.@n8n/task-runner']).matchAll(/^n8n@(2\.\d+\.\d+) '([^']+)'$/gm)].map((m) => [m[1], m[2]]),
  );
  const versions = [...runnerOfN8n.keys()].sort((a, b) => order(a) - order(b));
  /** dist/js-task-runner of a version: relative path -> text, source maps aside. */
  const runnerOf = (version) => {
    const dir = join(work, version);
    mkdirSync(dir, { recursive: true });
    const tarball = npm(['pack', `@n8n/task-runner@${version}`, '--pack-destination', dir]).trim().split('\n').at(-1);
    execFileSync('tar', ['xzf', join(dir, tarball), '-C', dir]);
    const root = join(dir, 'package', 'dist', 'js-task-runner');
    const files = new Map();
    const walk = (d) => {
      for (const name of readdirSync(d)) {
        const path = join(d, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (!name.endsWith('.map')) files.set(relative(root, path), readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/, ''));
      }
    };
    walk(root);
    return files;
  };
  const modelled = runnerOf(runnerOfN8n.get(MODELLED));
  /** n8n version -> 'identical' | 'differs' | 'unavailable'. */
  const verdicts = new Map();
  const byRunner = new Map();
  for (const version of versions) {
    const runnerVersion = runnerOfN8n.get(version);
    if (!byRunner.has(runnerVersion)) {
      try {
        const runner = runnerOf(runnerVersion);
        const names = new Set([...runner.keys(), ...modelled.keys()]);
        byRunner.set(runnerVersion, [...names].filter((name) => runner.get(name) !== modelled.get(name)).length);
      } catch {
        byRunner.set(runnerVersion, undefined); // the registry has no tarball of it
      }
    }
    const differing = byRunner.get(runnerVersion);
    verdicts.set(version, differing === undefined ? 'unavailable' : differing === 0 ? 'identical' : 'differs');
    console.log(`runtime: n8n=${version} task_runner=${runnerVersion} js_task_runner=${verdicts.get(version)}${differing === undefined ? '' : ` files_differing=${differing}`}`);
  }
  // The unbroken run around the modelled version with no runner that differs (unavailable ones listed apart).
  let low = versions.indexOf(MODELLED);
  let high = low;
  while (low > 0 && verdicts.get(versions[low - 1]) !== 'differs') low--;
  while (high < versions.length - 1 && verdicts.get(versions[high + 1]) !== 'differs') high++;
  const unavailable = versions.slice(low, high + 1).filter((v) => verdicts.get(v) === 'unavailable');
  console.log(`runtime: modelled=${MODELLED} identical_from=${versions[low]} identical_through=${versions[high]} unavailable=${unavailable.join(',') || 'none'}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
