// Precision of code-purity on the vendored corpus (test/fixtures/corpus): every JavaScript body n8n
// would run (Code nodes by typeVersion and language, Function and Function Item nodes), each put in
// one of three groups: proven pure, reaches a capability, cannot be proven pure; the third group by
// cause. `node scripts/purity-precision.mjs [--corpus <folder of workflows>] [--list <cause>]` (after
// `npm run build`; the corpus defaults to the vendored one). The points-to
// analysis of issue #32 (src/validate/purity) is measured on the same bodies, its line after the rule's,
// with what it finds reaching a capability listed by kind and the time each analysis takes.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeJavaScript } from '../dist/validate/js-analysis.js';
import { analyzeSource } from '../dist/validate/purity/index.js';
import { codeSources } from '../dist/validate/node-kinds.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.argv.includes('--corpus') ? process.argv[process.argv.indexOf('--corpus') + 1] : join(root, 'test', 'fixtures', 'corpus');
const listCause = process.argv.includes('--list') ? process.argv[process.argv.indexOf('--list') + 1] : undefined;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (name.endsWith('.json')) yield path;
  }
}

/** The cause of an `unprovable` finding, from its message data. */
function causeOf(problem) {
  const what = problem.data.what ?? '';
  const use = problem.data.use ?? '';
  if (what.startsWith('the undeclared name')) return `undeclared name (${what.replace('the undeclared name ', '')})`;
  if (what.startsWith('a property read with a key known only at run time')) return `dynamic key, then ${use.replace(/ \(.*$/, '').replace(/[.:].*$/, '')}`;
  if (what.startsWith('arguments')) return 'arguments';
  if (what.startsWith('super')) return 'super in a sloppy method';
  if (what.startsWith('the block-level function')) return 'Annex B block function';
  if (what.startsWith('a property of an object that holds')) return `heap holds an unknown value, then ${use.replace(/ \(.*$/, '').replace(/[.:].*$/, '')}`;
  if (what.startsWith('what a function of this code returns')) return 'escaping function returns an unknown value';
  return `${what.replace(/,? which may be any value.*$/, '').replace(/\(.*\)/, '(…)').slice(0, 60)} ${use.replace(/ \(.*$/, '').slice(0, 50)}`;
}

const bodies = new Map(); // source -> first file
for (const file of files(corpus)) {
  let workflow;
  try {
    workflow = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    continue;
  }
  if (!workflow || !Array.isArray(workflow.nodes)) continue;
  for (const code of codeSources(workflow)) if (code.language === 'javascript' && !bodies.has(code.source)) bodies.set(code.source, `${relative(corpus, file)} "${code.node.name}"`);
}

let pure = 0;
let reaches = 0;
let unprovable = 0;
let syntax = 0;
const causes = new Map();
for (const [source, where] of bodies) {
  const problems = analyzeJavaScript(source).filter((p) => p.kind !== 'nondeterministic');
  if (problems.length === 0) pure++;
  else if (problems.some((p) => p.kind === 'syntax')) syntax++;
  else if (problems.some((p) => p.messageId !== 'unprovable')) reaches++;
  else {
    unprovable++;
    const seen = new Set(problems.map(causeOf));
    for (const cause of seen) {
      causes.set(cause, (causes.get(cause) ?? 0) + 1);
      if (listCause && cause.startsWith(listCause)) {
        const first = problems.find((p) => causeOf(p) === cause);
        console.log(`${where}: ${source.slice(Math.max(0, first.index - 60), first.end + 40).replace(/\s+/g, ' ')}\n    ${first.data.what} ${first.data.use}`);
      }
    }
  }
}
console.log(`purity: bodies=${bodies.size} proven_pure=${pure} reaches_capability=${reaches} cannot_prove=${unprovable} syntax_error=${syntax}`);
for (const [cause, count] of [...causes].sort((a, b) => b[1] - a[1])) console.log(`  cannot_prove cause="${cause}" bodies=${count}`);
if (process.argv.includes('--reaches')) {
  for (const [source, where] of bodies) {
    const problems = analyzeJavaScript(source).filter((p) => p.kind !== 'nondeterministic' && p.messageId !== 'unprovable');
    if (problems.length) console.log(`${where}: ${problems[0].messageId} ${JSON.stringify(problems[0].data).slice(0, 200)}`);
  }
}
// Bodies per broad cause (a body counts once per group).
const groupOf = (cause) =>
  cause.startsWith('undeclared name')
    ? 'assigns or reads an undeclared name'
    : cause.includes('stored under')
      ? 'stores a value read with a run-time key under a key known only at run time (it could be toJSON, then, toString)'
      : cause.includes('is called') || cause.includes('has its method') || cause.includes('passed to') || cause.includes('property written') || cause.includes('spread into') || cause.includes('handed to')
        ? 'calls, writes or hands on a value read with a run-time key'
        : cause;
const groups = new Map();
for (const [source] of bodies) {
  const problems = analyzeJavaScript(source).filter((p) => p.kind !== 'nondeterministic');
  if (!problems.length || problems.some((p) => p.messageId !== 'unprovable')) continue;
  for (const group of new Set(problems.map((p) => groupOf(causeOf(p))))) groups.set(group, (groups.get(group) ?? 0) + 1);
}
for (const [group, count] of groups) console.log(`  cannot_prove group="${group}" bodies=${count}`);

// The points-to analysis (src/validate/purity), on the same bodies: goal cannot_prove <= 2% of bodies.
{
  let pure = 0;
  let reaches = 0;
  let unprovable = 0;
  let syntax = 0;
  const kinds = new Map();
  const unprovableCauses = new Map();
  const started = performance.now();
  for (const [source, where] of bodies) {
    let result;
    try {
      result = analyzeSource(source);
    } catch (error) {
      if (error instanceof SyntaxError) {
        syntax++;
        continue;
      }
      throw error;
    }
    const findings = result.findings;
    if (findings.length === 0) pure++;
    else if (findings.some((f) => f.verdict !== 'unprovable')) {
      reaches++;
      const first = findings.find((f) => f.verdict !== 'unprovable');
      // The first capability it may be (a finding names every one; the capability, not the expression).
      const kind = first.about ? first.about.capabilities[0] : first.what;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (process.argv.includes('--reaches')) console.log(`points-to reaches: ${where}: ${first.what} ${first.use}`);
    } else {
      unprovable++;
      const cause = findings[0].about ? `may be ${findings[0].about.capabilities[0]} ${findings[0].use}` : findings[0].what.replace(/^the analysis /, '');
      unprovableCauses.set(cause, (unprovableCauses.get(cause) ?? 0) + 1);
      if (listCause === 'points-to') console.log(`points-to cannot prove: ${where}: ${findings[0].what} ${findings[0].use}`);
    }
  }
  const ms = performance.now() - started;
  console.log(`purity (points-to, src/validate/purity): bodies=${bodies.size} proven_pure=${pure} reaches_capability=${reaches} cannot_prove=${unprovable} syntax_error=${syntax} (cannot_prove ${((100 * unprovable) / bodies.size).toFixed(1)}%, goal <= 2%; ${ms.toFixed(0)} ms)`);
  for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  points-to reaches kind="${kind}" bodies=${count}`);
  for (const [cause, count] of [...unprovableCauses].sort((a, b) => b[1] - a[1])) console.log(`  points-to cannot_prove cause="${cause}" bodies=${count}`);
}
