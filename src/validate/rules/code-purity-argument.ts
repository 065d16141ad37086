// The argument for code-purity's soundness, the body of docs/rules/code-purity.md (generated from
// the rule's meta, so it lives here, beside the rule; src/validate/purity/README.md has the engineering
// notes and measurements behind it).

export const CODE_PURITY_ARGUMENT = `### Threat model

The author of a Code node writes JavaScript on purpose to get a capability past review: call
\`require\`, a \`helpers.*\` I/O function or \`$evaluateExpression\`, read \`$env\`, \`$secrets\` or \`process\`,
compile code (any realm's Function, AsyncFunction, GeneratorFunction or AsyncGeneratorFunction
constructor, \`eval\`, a timer given a string), use reflection (\`Reflect.*\`,
\`Object.getOwnPropertyDescriptor(s)\`, \`get/setPrototypeOf\`, \`defineProperty(ies)\`,
\`__define/lookupGetter/Setter__\`, \`Error.captureStackTrace\`), change a built-in, hand n8n the global
object, or hold Node's shared Buffer allocation pool. The rule passes a body only when it shows that no
capability object can reach an operation that invokes it, writes it, reads it (the environment) or
returns it to n8n. Everything else is reported: as **reaching a capability** (\`capabilityEscape\`,
\`builtinWrite\`), or as **cannot be proven pure** (\`unprovable\`) when only an over-approximation gets
there. Denial of service (an endless loop, a huge allocation) and non-determinism
(\`code-nondeterminism\`) are out of scope.

### What n8n runs

The code is chosen as n8n 2.41's \`Code.node.js\` chooses it: typeVersion 1 always runs \`jsCode\` (its
\`language\` is a hidden parameter the node never reads, so \`language: "python"\` on a v1 node still
runs JavaScript); typeVersion 2 runs \`jsCode\` for \`javaScript\` and \`pythonCode\` for \`python\` /
\`pythonNative\`; the legacy Function and Function Item nodes run \`functionCode\`. Any other typeVersion
or language is reported with its value. The JavaScript task runner evaluates
\`module.exports = async function VmCodeWrapper() { <code> }()\` in a vm context whose global object
holds the ECMAScript built-ins of that context, \`require\`, \`module\`, \`console\`, the host realm's
\`Buffer\`, timers and text codecs, every key of n8n's data proxy (\`$json\`, \`$input\`, \`$env\`,
\`$evaluateExpression\`, \`$secrets\`, ...) and \`helpers.*\`. The wrapper is sloppy code called without a
receiver, so \`this\` is the global object. Both item modes are analysed. A proof holds for the runtime
it models, n8n 2.38.0 to 2.41.1's task runner (\`src/n8n-versions.ts\`); for any other n8n version every
Code node is reported as unproven (\`runtimeNotModelled\`).

### The abstract objects

- **The built-in graph, as it really is.** \`scripts/snapshot-builtins.mjs\` builds a vm context the way
  n8n 2.41's task runner does (its prelude, the host values it hands in, its runner flags, on n8n's
  Node 24) and records every object reachable from the context's global object and from those host
  values through properties, accessors, symbol keys and prototypes, in both realms: 1,479 objects. A
  test takes the snapshot again in such a vm and requires it to be equal. Capabilities are marked by
  walking that graph from each realm's roots, not by name. The graph is frozen once built: no
  analysis can change it for the next.
- **The code's allocation sites**: each object and array literal, function, class, \`new\`, and each
  object a built-in summary creates, one abstract object per site.
- **n8n's values**: one object for all of n8n's JSON data, its accessors (\`$input\`, \`$()\`, luxon),
  \`$item(i)\` (a data proxy holding every global key, capabilities included), the workflow's static
  data (one object, which starts out holding JSON of unknown keys), and the capabilities.

A value is a set of these, plus one abstract value per primitive type, per well-known symbol, per
string constant of the code, and "an own key of object o" (what \`Object.keys(o)\` and for-in give).

### The closed world

- **Syntax.** One table (\`src/validate/purity/syntax.ts\`) maps every node type acorn produces to its
  transfer function; a test enumerates acorn's node types against it. A node type, operator or flag
  without a rule is reported as "cannot be proven pure" at that node; it never passes (\`with\`, and a
  \`using\` declaration, whose dispose call no rule models, are such). oxc-parser gives the tree where it
  parses the body as a function body without any error and the body holds nothing the two parse
  differently; acorn parses the rest and decides every syntax error. A test compares the two trees
  field for field on the corpus and every test body.
- **Implicit calls** each have one rule, used by the syntax table and the summaries alike: ToPrimitive
  (\`Symbol.toPrimitive\`, \`toString\`, \`valueOf\`), getters and setters on every read and write (a
  run-time key runs every getter on the chain), iteration, promise resolution (\`then\` of every
  thenable), \`instanceof\` (\`Symbol.hasInstance\`), species, tag functions, \`super\`, revivers and
  replacers, and what n8n does with the result: it awaits it and serializes it (\`toJSON\` and getters
  of everything reachable run, through prototypes too). \`console.log\` and the static data hand values
  to n8n the same way.
- **Throws** go into one set: every catch clause and every rejection handler (\`catch\`, \`then\`'s second
  argument, \`allSettled\`'s \`reason\`) receives all of it, plus the errors the engine and host functions
  throw.

### Why a read with a run-time key is exhaustive

A read \`o[k]\` with a key the analysis cannot name gives the union of every value of every property,
getter result and run-time-key store of every object on the prototype chain of every object \`o\` may
be. The chain of a built-in is the real one from the snapshot; the chain of the code's object is what
the code gave it; every property any of them can hold is in the heap, because every store
(assignment, destructuring, \`Object.assign\`, a spread, a summary's write) goes through one write rule.
So whatever key \`k\` turns out to be, its value is in the union. What the union gives is marked weak: a
capability reached only that way is "cannot be proven pure". Keys go through ToPropertyKey once, where
they are made (\`o[1.5]\` is \`o['1.5']\`, \`o[null]\` is \`o['null']\`), and a number known only as a number is
the key \`'#'\`, which reads and writes every canonical numeric key. Reads with keys the analysis can
name are exact: a string constant, an index, a well-known symbol, an own key of the same object
(\`for (const k of Object.keys(row)) out[k] = row[k]\`). An own key names a key only for a read: a store
under it is a store at a run-time key.

### What the summaries assume

One table (\`src/validate/purity/summaries.ts\`) says, per built-in (by its place in the graph, either
realm), what it returns and what it calls: callbacks with the elements they get, species
constructors, \`Symbol.replace\`/\`split\`/\`match\` of an object argument, \`this.exec\` of a regular
expression, \`toJSON\` and getters in \`JSON.stringify\`, the reviver with its holders, \`then\` of what
\`Promise.resolve\` and \`all\` receive. A built-in without a summary fails closed: it calls every function
its receiver and arguments reach, with all of it, and gives back (weakly) what they reach and what
those calls return. The assumption that makes this sound: a built-in without a summary reaches other
objects only through its arguments' own properties, never through \`constructor\` or prototypes; every
built-in that does (the species users, \`Function.prototype\` methods, reflection, promise combinators)
has a summary or is a capability. The summaries are checked, not trusted:
\`test/validate/purity-summaries-differential.test.ts\` hands every summarized built-in that plain code
can reach (587) receivers and arguments whose protocol members and getters return the global object
(about 20,000 bodies), runs each in a vm built like n8n's, and requires a finding for every body that
really obtains it.

### The fixed point and its bounds

The body runs as n8n runs it, and so does every function of it, flow-insensitively, each pass joining
into variables and the heap, until a pass adds nothing; the policy is asked in that last pass, which
saw the fixed point from its first operation to its last. A pass whose every read was final is the
fixed point too: every set of the abstract state is a cell that a read stamps with the pass, and a
value added to a cell already read in that pass makes the pass stale. A pass that is not stale read, at
every read, what the set holds at its end, so a further pass would read, do and find the same
(\`test/validate/purity-settling.test.ts\` compares this with always confirming, on every test body).
Bounds: 60 passes, 1,500,000 values handled by reads and calls (deterministic), 200,000 once a body
has a finding (it cannot be proven pure from then on: what it found is reported as not yet exact), 200
nested calls, 5 s per body and the stack's end as last resorts. A body stopped by one is "cannot be
proven pure", with the bound named. Code that does not parse is a finding (\`syntaxError\`), and an
analysis that fails is "cannot be proven pure"; neither passes.

### Anchors

Gatekeeper (Guarnieri and Livshits, 2009) showed that a points-to analysis of JavaScript widgets over
a model of the built-ins can be sound, with false positives on 2 of 684 widgets; JSAI and TAJS are the
abstract-interpretation anchors for the implicit calls. This analysis takes the built-ins from the
runtime itself instead of a hand-written model, and closes the world of syntax, built-ins and implicit
calls so that what nobody modelled fails closed.

### How it was tested

Twenty red-team rounds. Rounds 3 to 14 attacked the earlier value-flow rule; their bypasses are tests
here. Rounds 15 to 20 were written against this analysis by attackers who saw only its entry point,
each case checked at run time in a child process set up like n8n 2.41's JavaScript task runner (its
prelude, runner flags and freeze: \`test/validate/support/n8n-sandbox.ts\`): 55, 57, 25, 5, 17 and 6
bypasses, each fixed at its cause and kept as a test; a further round found none in 162 attempts.
Switching the rule to it found one more in the rule's own table (\`Object.assign({}, this)\` did not copy
what n8n adds to the global object), now fixed in the one place every copy of own keys asks.

### Limits

Every function is analysed once for all its calls, and everything stored at a run-time key is one
location, so the rule may report code that is pure. The reflection family and \`Proxy\` are capabilities
by policy, whatever they are handed. On the vendored corpus 200 of 214 distinct bodies are proven pure,
10 reach a capability and 4 cannot be proven pure (1.9%); on 1,913 n8n.io template bodies the counts
are 1,809, 44 and 51 (\`node scripts/bench/purity.mjs\`). Such code can be rewritten into the provable
subset, or suppressed on the node with a reason.`;
