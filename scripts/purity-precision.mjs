// Precision of code-purity (the points-to analysis, src/validate/purity) on the vendored corpus
// (test/fixtures/corpus): every JavaScript body n8n would run (Code nodes by typeVersion and language,
// Function and Function Item nodes), each put in one of three groups: proven pure, reaches a capability
// (listed by the kind it may be), cannot be proven pure (by cause). Goal: cannot_prove at most 2%.
//   node scripts/purity-precision.mjs [--corpus <folder of workflows>] [--list <cause prefix>] [--reaches]
// (after `npm run build`; the corpus defaults to the vendored one). Prints
// `purity: bodies=<n> proven_pure=<p> reaches_capability=<r> cannot_prove=<c> syntax_error=<s>`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeJavaScript } from '../dist/validate/js-analysis.js';
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
const kinds = new Map();
const causes = new Map();
/** The first capability a finding names: "`x` may be A (…, …), B or C" gives A (…, …); undefined when it names none. */
function firstCapability(what) {
  const at = what.indexOf('` may be ');
  if (at < 0) return undefined;
  const rest = what.slice(at + '` may be '.length);
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '(') depth++;
    else if (rest[i] === ')') depth--;
    else if (depth === 0 && (rest.startsWith(', ', i) || rest.startsWith(' or ', i) || rest.startsWith(' (a key', i))) return rest.slice(0, i);
  }
  return rest;
}

const started = performance.now();
for (const [source, where] of bodies) {
  const problems = analyzeJavaScript(source).filter((p) => p.kind !== 'nondeterministic');
  if (problems.length === 0) pure++;
  else if (problems.some((p) => p.kind === 'syntax')) syntax++;
  else if (problems.some((p) => p.messageId !== 'unprovable')) {
    reaches++;
    const first = problems.find((p) => p.messageId !== 'unprovable');
    // The first capability it may be (what follows "may be" in the message), not the expression.
    const kind = firstCapability(first.data.what) ?? first.data.what;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    if (process.argv.includes('--reaches')) console.log(`reaches: ${where}: ${first.data.what} ${first.data.use}`);
  } else {
    unprovable++;
    const first = problems[0];
    const may = firstCapability(first.data.what);
    const cause = may ? `may be ${may} ${first.data.use}` : `${first.data.what.replace(/^the analysis /, '').replace(/\(\d[\d,]* .*?\)/, '(…)')}`;
    causes.set(cause, (causes.get(cause) ?? 0) + 1);
    if (listCause && cause.startsWith(listCause)) console.log(`cannot prove: ${where}: ${first.data.what} ${first.data.use}`);
  }
}
const ms = performance.now() - started;
console.log(`purity: bodies=${bodies.size} proven_pure=${pure} reaches_capability=${reaches} cannot_prove=${unprovable} syntax_error=${syntax}`);
console.log(`  cannot_prove ${((100 * unprovable) / bodies.size).toFixed(1)}% of bodies (goal <= 2%), ${ms.toFixed(0)} ms`);
for (const [kind, count] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  reaches kind="${kind}" bodies=${count}`);
for (const [cause, count] of [...causes].sort((a, b) => b[1] - a[1])) console.log(`  cannot_prove cause="${cause}" bodies=${count}`);
