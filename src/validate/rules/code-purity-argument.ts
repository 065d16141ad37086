// The argument for code-purity's soundness, the body of docs/rules/code-purity.md (generated from
// the rule's meta, so it lives here, beside the code it argues about).

export const CODE_PURITY_ARGUMENT = `### Threat model

The author of a Code node is an adversary who writes JavaScript on purpose to get a capability past
review: to load a module, do I/O (\`helpers.httpRequest\`), read \`$env\` or \`$secrets\`, evaluate an
n8n expression, reach the runner's \`process\`, or compile new code (a Function constructor, \`eval\`),
which can then do all of these. The rule passes a body only when it can prove that no run of it, on
any input, obtains one of them. What it cannot prove it reports as **cannot be proven pure**
(\`unprovable\`), never as a pass; what it sees escaping it reports as **reaches a capability**.
Denial of service (an endless loop, a huge allocation) and non-determinism (\`code-nondeterminism\`)
are out of scope.

### What n8n runs

The code is chosen as n8n 2.41's \`Code.node.js\` chooses it: typeVersion 1 always runs \`jsCode\` (its
\`language\` is a hidden parameter the node never reads, so \`language: "python"\` on a v1 node still
runs JavaScript); typeVersion 2 runs \`jsCode\` for \`javaScript\` and \`pythonCode\` for \`python\` /
\`pythonNative\`; the legacy Function and Function Item nodes run \`functionCode\` (vm2); the Code Tool of
n8n's AI nodes runs \`jsCode\` or \`pythonCode\` by its \`language\` (the tool's input is \`query\`) and
AI Transform runs its generated \`jsCode\`, both in the same task runner as the Code node. Sort (type
Code) and Item Lists (operation Sort, type Code) run their \`code\` there too, spliced as text into
\`return items.sort((a, b) => { <code> })\` (n8n's \`sortByCode\`), so it is analysed inside that wrapper
(the code may close the comparator and go on); n8n gives it only \`items\`, in a vm context that compiles
strings, and the analysis takes it as a Code-node body, a superset of those names. The LangChain Code
node runs \`code.execute.code\` and \`code.supplyData.code\` in vm2, with \`require\`. Any other
typeVersion or language is reported with its value, and so is a code parameter that is not a string
(n8n hands it to the runner as it is, which makes code of it). The JavaScript task runner evaluates
\`module.exports = async function VmCodeWrapper() { <code> }()\` in a vm context whose global object
holds the ECMAScript built-ins of that context, \`require\`, \`module\`, \`console\`, the host realm's
\`Buffer\`, timers and text codecs, every key of n8n's data proxy (\`$json\`, \`$input\`, \`$env\`,
\`$evaluateExpression\`, \`$secrets\`, ...) and \`helpers.*\` (HTTP and binary I/O). Its data (\`items\`,
\`$json\`) are objects of the host realm. The wrapper is sloppy code called without a receiver, so
\`this\` is the global object. Both item modes are analysed with the names either defines (\`items\` in
"Run Once for All Items", \`item\` in "Run Once for Each Item", \`$json\`, \`$input\`, ... in both;
each-item mode assigns the data proxy onto the same global object for every item): a name the mode
lacks only throws a ReferenceError there, and writes to \`$json\`'s properties are writes to data. The whole list is \`src/validate/sandbox-globals.ts\`, checked against a
vm built like n8n's by the test suite.

### The values the analysis tracks

Every expression gets an abstract value; anything the analysis does not name is the code's own data
or functions, or n8n's data:

- **global object**: \`this\` in sloppy code (top level, sloppy functions and arrows in them),
  \`globalThis\`, \`global\`, \`window\`, \`self\`;
- **Function constructor**: \`Function\`, \`eval\`, any \`.constructor\` read, reflection at
  \`constructor\`;
- **reflection**: \`Reflect\`, and \`Object.getOwnPropertyDescriptor(s)\`, \`getPrototypeOf\`,
  \`setPrototypeOf\`, \`defineProperty\`, \`defineProperties\`, however \`Object\` is reached (an alias,
  destructuring, \`globalThis.Object\`); and \`call\`, \`apply\`, \`bind\` taken as values (not called on
  their function), which invoke whatever they are applied to;
- **built-in**: the built-ins a pure body may name (\`Object\`, \`Array\`, \`Math\`, \`Buffer\`, ...) and
  every member read from them (\`Array.prototype\`, \`Object.keys\`), and a method that calls what it
  is given (\`map\`, \`call\`, \`then\`, ...) taken as a value rather than called;
- **unknown**: anything except the global object: a property read with a key known only at run
  time, \`arguments\`, a prototype (\`__proto__\`, \`getPrototypeOf\`), a descriptor, a caught value (a
  promise may be rejected with anything), what a built-in returns when it was given an unknown
  value, and everything read from an object after an unknown value or a built-in was stored into
  one the analysis does not follow (an object literal holding one counts). An unknown value is
  never "already reported": each of its uses is checked.

Values are followed through variables, destructuring (computed keys included), array and object
literals, parameters of the code's own functions, return values, thrown values, callbacks of
built-ins (their parameters get the receiver's elements, their returns the built-in's result) and
tagged templates, yields (like return values), flow-insensitively, to a fixed point: the order of
statements cannot hide a flow; a body whose fixed point does not settle within 50 rounds (a chain of
copies longer than that, written backwards) cannot be proven pure, never passed on what was learned
so far. The body is scope-analysed inside a function, as n8n runs it, so a
top-level \`var\` or function declaration is a variable whose every write and use is seen.
A function of the code that escapes (a method, a getter, a callback handed to unknown code) gets, in
its parameters, whatever the heap or unknown calls may hand it, and what it returns reaches every
read and call the analysis does not follow.

### The rules of use

- **Global object**: only a read of a named key that is a vetted built-in or data accessor, or that
  the global object does not have at all (it reads \`undefined\`; the key set is n8n's, complete), and
  a write of such an absent key; \`===\`, \`!==\`, \`typeof\`, \`!\`, \`void\` and testing it. Everything else
  reaches it: a dynamic key, passing, storing, returning, throwing, spreading, iterating, awaiting,
  converting (\`+\`, \`+=\`, templates, \`in\`, \`instanceof\`, a computed key).
- **Function constructor**: only \`name\`, \`length\`, \`prototype\`, \`toString\` and the harmless
  operators. **Reflection**: only \`Object.getOwnPropertyDescriptor(x, 'key')\` at a static key that
  is not \`constructor\`, \`__proto__\`, \`prototype\`, \`caller\`, \`callee\` or \`arguments\`,
  \`Object.getPrototypeOf(x)\` (its result is unknown) and \`defineProperty\` / \`setPrototypeOf\` on the
  code's own objects; \`Reflect\` not at all.
- **Built-in**: read and call freely (built-ins compute, they do no I/O); never written (\`=\`, \`delete\`,
  \`++\`, a destructuring or \`for\` head target, \`Object.assign\` / \`defineProperty\` of it): it is
  shared by everything in the sandbox.
- **Unknown**: it may be anything but the global object, so it may be a Function constructor or a
  built-in. It may be kept, compared, converted, returned, spread, iterated, awaited, read through
  (a read of it is unknown again) and stored under a data key. It may not be called, constructed,
  extended, used as a template tag, written to, read at \`constructor\` or another dangerous key,
  have a method called that is not in a vetted list (no \`call\`, \`apply\`, \`bind\`, no reflection),
  be stored under a protocol key (below), or be handed to a function that may call it: only the
  code's own functions (whose parameters are then followed) and built-ins known not to call their
  arguments at that position (\`String\`, \`push\`, \`includes\`, ...; not \`Object.assign\` or
  \`Object.fromEntries\`, which build objects). A built-in method name counts as the built-in only
  while the code has stored no unknown value or built-in under that name (or under a key known only
  at run time).
- **Returning** an unknown value is allowed: n8n's runner sends a task's result as
  \`JSON.stringify(message)\`, so a function in it is dropped, never called.
- **Names**: a global name is usable only when it is a vetted built-in or data accessor; the
  capability names (\`require\`, \`process\`, \`$env\`, \`$secrets\`, \`$evaluateExpression\`, \`helpers\`,
  \`fetch\`, \`eval\`, \`Function\`, ...) reach a capability; any other undeclared name cannot be proven
  pure; assigning an undeclared name (\`leak = this\`, bare \`__proto__ = x\`) writes the global object.

### The protocol-key invariant

The engine and the built-ins call methods they find on objects only under a finite set of keys:
\`toString\`, \`valueOf\`, \`toLocaleString\` (ToPrimitive, conversions, sorting, joining), \`toJSON\` and
\`toISOString\` (JSON), \`then\` (promise resolution, \`await\`), \`resolve\` and \`reject\` (Promise's
combinators on a subclass), \`keys\` and \`has\` (Set methods), \`next\`, \`return\`, \`throw\` (iterators),
\`get\` and \`set\` (property descriptors), \`constructor\` (species), \`exec\` and \`join\` (called on
\`this\` by RegExp and Array methods), \`handleEvent\`, the Proxy trap names, and every well-known
symbol (\`Symbol.iterator\`, \`Symbol.replace\`, \`Symbol.toPrimitive\`, \`Symbol.hasInstance\`, ...). The
analysis keeps one invariant: **no object holds an unknown value or a built-in under such a key, or
under a key known only at run time** (which could be one). It is checked at every store: object
literal properties, class fields, assignments, destructuring targets, for-in/of heads; a getter (in a
literal, a class, or a descriptor's \`get\`, written there or passed by name) may not return one
either, since its value is what a read of its key gives, and neither may a function handed to a
built-in that keeps what it returns under keys it chooses (\`JSON.parse\`'s reviver); the built-ins that build
objects out of their arguments' values (\`Object.assign\`, \`Object.fromEntries\`, \`Object.create\`
with descriptors, \`Object.defineProperty(ies)\`, recognised by value however they are reached) may
not be handed an unknown value, nor be called or handed on at all once the heap may hold one (a descriptor's \`value\` or an entry filled earlier would move it
under a key of their choosing). So whenever the engine converts, iterates, awaits, serializes
or replaces with a value, the method it calls is a built-in (built-ins cannot be written) or one of
the code's own functions (checked like the rest). That is why an unknown value may be converted or
iterated: whatever runs is built-in or checked code, never the unknown value itself. The subset has
no \`Proxy\` (a proxy turns every read into a call of its handler and lies about its own keys), and a
class may extend no built-in but \`Error\` and its kin: the engine builds instances of a subclass of
\`Array\`, \`Promise\`, \`Map\`, ... out of values the code hands it (\`B.of(x)\`, species in \`map\`,
\`Promise.resolve\`) and runs the subclass's own methods on them, with a \`this\` the analysis does not
follow. For the same reason the code may not set a \`constructor\` property or use \`Symbol.species\`
but to read it (species makes the engine build the code's own objects and store values into them
unseen). Values the engine hands back are followed: a \`reduce\` callback's return value reaches its
accumulator, \`yield*\` gives what the delegate returns, a built-in a callback returns comes back in the
built-in's result, a method of a built-in may give back its receiver (\`valueOf\`, an iterator's
\`next\`: only the namespaces' functions known to build fresh data do not), \`$jmespath\` gives
whatever path of its argument it reads, a value handed to code the analysis does
not follow may come back anywhere (strict \`this\`, which the engine may set to a holder or an
instance it built, is read as such), and a callback that is not the code's own function (a promise's
resolve, \`Array.prototype.push\` with a thisArg) is taken to keep what it is called with.

### Why every way to a capability in V8 is covered

- **Names.** A capability is a property of the global object or reached from one. Reading a global by
  name is deny by default (an allow-list), and the global object itself is tracked wherever it flows.
  \`with\` (which turns every name into a property read of an object) is reported. No global can be
  assigned (not even n8n's \`items\`), so a vetted name always means the vetted value.
- **The global object.** It is obtained only by a global name, by \`this\` in sloppy code, or by
  compiled code (\`Function('return this')\`). Sloppy \`this\` is tracked as the global object in every
  sloppy function, however the function is called (plainly, as a getter, a toString, a callback), so
  no call pattern can smuggle it in. Strict \`this\` (classes, \`'use strict'\`) is the receiver the code
  passed; the only ways to pass the global object as a receiver without holding it are a getter on
  its prototype chain (a built-in write, reported), \`super\` in a sloppy method called without a
  receiver, which forwards that \`this\` (\`super\` in sloppy code cannot be proven pure), and calling a
  function the code stored on the global object (\`this.f = g; this.f()\`): such a call is reported,
  and a protocol key of the global object may not be written. In a sloppy method \`this\` may also be
  the object it was called on, so a key the global object lacks reads what the heap may hold.
- **Reflection.** Descriptors, prototypes and \`Reflect\` are reached from \`Object\` or \`Reflect\`,
  which are tracked however they are named, stored or destructured; their results are
  unknown or a Function constructor.
- **Prototypes and \`constructor\`.** Every \`.constructor\` read is a Function constructor; every other
  way to read it (a dynamic key, destructuring with a computed key, a descriptor, \`Object.values\` of
  descriptors, \`Reflect.ownKeys\` then a dynamic read) gives unknown, which cannot be called.
  Host-realm objects (\`$input.all\`, \`Buffer\`) lead to the host's Function constructor the same way,
  and are covered the same way.
- **Accessors.** A getter, setter, proxy trap or \`toString\`/\`valueOf\`/\`Symbol.toPrimitive\` written
  by the code is the code's own function: checked like any other, with \`this\` the global object when
  it is sloppy. Installing one on a built-in (the only way a property read of the global object could
  run it) is a built-in write. \`__defineGetter__\`, \`__lookupGetter__\` and \`__proto__\` are reported.
- **Coercions.** A conversion runs the value's \`toString\`, \`valueOf\` or \`Symbol.toPrimitive\`: of a
  built-in (harmless, built-ins cannot be written) or of the code's own object (checked code). The
  global object may not be converted at all; an unknown value may, since whatever runs is built-in or
  checked code with no capability to hand out.
- **Stack traces.** \`Error.prepareStackTrace\` and \`Error.captureStackTrace\` (CallSite \`getThis\`,
  \`getFunction\`) are properties of a built-in: writing them, by any spelling (assignment,
  destructuring target, \`for...of\` head, \`Object.assign\`), is a built-in write; the host realm's
  \`Error\`, reached through a host object, is unknown and cannot be written.
- **Annex B.** A function declared in a block of sloppy code is also copied to a \`var\` of the
  enclosing function; when the name is used outside the block, that is reported. A \`for (var k = x
  in o)\` initializer is reported (scope analysis cannot see its value), and a \`var\` or \`let\` key is
  folded to a constant only when nothing else writes it.
- **\`arguments\`.** The mapped \`arguments\` object aliases the parameters of a sloppy function: it is
  unknown, so writing it (\`arguments[0] = this\`) or calling what it holds is reported.
- **Module loading, dynamic code, I/O.** \`import\`, \`import()\`, \`require\`, \`eval\`, \`Function\`, a
  string passed to a timer, \`fetch\`, \`helpers\`, \`$env\`, \`$secrets\`, \`$evaluateExpression\` are
  capability names, reported wherever they appear.

A dynamic key is proven harmless (the read is not unknown) only when the key is a number (a numeric
literal, arithmetic, a loop counter written only with numbers, the index parameter of the callback
of an Array method called on a real Array), a well-known symbol, one of a finite set of strings none
of which is dangerous (a const literal list that nothing changes, a conditional), or an own key of
the same object read by the same path (\`for (const k in row) row[k]\`, \`Object.keys(row)\`,
\`Object.entries(row)\`), so it never names an inherited \`constructor\`. Each proof also needs a
parameter nothing assigns and a callback that cannot reach the array it runs over (by its array
parameter, a rest parameter or \`arguments\`; a callback passed by name is not inspected, so it
proves nothing); a path read twice is the same object only when the code writes no property of that
name, writes no run-time key into an object other than its own fresh literals, and defines or copies
no properties with built-ins; a key folds to a constant only from a \`const\`. The subset grows by such proofs, never by
exemptions.

### Anchors

ADsafe and Caja defined a checkable safe subset of JavaScript for hostile code: no \`this\` where it
could be the global object, no \`with\`, no \`eval\`, no dangerous names (\`constructor\`, \`__proto__\`,
\`caller\`, \`callee\`), no unchecked subscripts. Agoric's Jessie / SES go further: a safe environment
(frozen intrinsics, no ambient authority) plus a subset in which code has only the capabilities it is
given. n8n's sandbox is not such an environment (its built-ins are not frozen, its global object is
full of authority), so this rule cannot rely on the environment and proves the subset instead: it
keeps ADsafe's deny lists as the *uses* of tracked values and adds value tracking, so that real data
code (\`item.json[field]\`, methods with \`this\`, dynamic keys over a row's own keys) stays provable.

### How it was tested

Fourteen red-team rounds. The first three found 30, 30 and 44 bypasses of the earlier rule, each closed
by a test; the third round's 62 (rebuilt from its classes), then 67, 21, 4, 6, 4, 9, 14, 18, 4, 5 and 5 in eleven rounds by
reviewers who did not write the rule, attacking this design, were each checked at run time in a child process
set up like n8n 2.41's secure JS task runner (its prelude, its runner flags, its freeze:
\`test/validate/support/n8n-sandbox.ts\`); all are reported (\`test/validate/purity-redteam.test.ts\`).
Since then, the rounds written against the points-to analysis that is to replace this rule (15 to 27)
are run against this rule too, each case in the same oracle; round 27 (2026-12-02) found 19 bodies
this rule passed, all one flaw: a value's "already reported" mark was circular. In
\`{ g: w.trim.constructor('return this')() }\` the call of the Function constructor marks its result as
reported (the call is the finding), the object literal stores that result, so every property read
after it (\`w.trim\`) is tainted with the same mark, and the callee then counted as reported: nothing
was. A body with no finding now reports every call of what may be the Function constructor that the
mark spared (\`test/validate/purity-round27.test.ts\`).
The facts the argument uses are checked, not assumed: no vetted method name is, on any built-in
reachable in either realm, a function that compiles, reflects or redefines
(\`purity-soundness.test.ts\`), and the key set of the global object read inside a real n8n 2.41 in
both item modes is covered (the e2e smoke test).

### Limits

The analysis is flow-insensitive and merges everything stored into objects it does not follow, so it
may report code that is in fact pure (the corpus counts are in docs/measurements.md); that code can be
rewritten into the provable subset, or suppressed on the node with a reason.`;
