import { Document, isMap, isSeq, parseDocument, Scalar, YAMLMap, YAMLSeq, type Node } from 'yaml';
import { InputError, formatIssuePath } from '../errors.js';
import { EnvSchema, type EnvConfig } from './schema.js';

/**
 * An env YAML file held as a `yaml` Document, so edits keep the user's comments, key order and
 * quoting; `data` is the schema-checked plain view of the same content.
 */
export interface EnvFile {
  name: string;
  file: string;
  text: string;
  doc: Document;
  data: EnvConfig;
  /** Set by the edit functions; an unchanged file is never rewritten. */
  changed: boolean;
}

/** Parses and validates one env file; errors name the file, and line/column or the key path. */
export function parseEnvFile(text: string, file: string, name: string): EnvFile {
  const doc = parseDocument(text, { keepSourceTokens: false, prettyErrors: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0];
    const offset = Math.min(error.pos[0], text.length);
    const before = text.slice(0, offset);
    const where = `:${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`;
    throw new InputError(`${file}${where}: malformed YAML: ${error.message.split('\n')[0]}`);
  }
  const contents = doc.contents;
  if (contents !== null && !isMap(contents)) {
    throw new InputError(`${file}: an env file must be a YAML mapping (key: value), found ${isSeq(contents) ? 'a list' : 'a scalar'}`);
  }
  const plain = (doc.toJS() ?? {}) as unknown;
  const parsed = EnvSchema.safeParse(plain);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(`${file}: ${formatIssuePath(issue.path)}: ${issue.message}`);
  }
  return { name, file, text, doc, data: parsed.data, changed: false };
}

/** Serializes an edited env; an unedited one returns its original text byte for byte. */
export function envFileText(env: EnvFile): string {
  return env.changed ? env.doc.toString({ lineWidth: 0 }) : env.text;
}

function ensureMap(doc: Document, key: string): YAMLMap {
  if (doc.contents === null) doc.contents = new YAMLMap() as unknown as typeof doc.contents;
  const existing = doc.get(key, true) as Node | undefined;
  if (isMap(existing)) return existing;
  const map = new YAMLMap();
  doc.set(key, map);
  return map;
}

/**
 * Registers `workflows.<key>` as `{ id: "", name }` when absent; an existing entry (and its id)
 * is kept. Returns true when the document changed.
 */
export function registerWorkflow(env: EnvFile, key: string, name: string): boolean {
  const workflows = ensureMap(env.doc, 'workflows');
  if (workflows.has(key)) return false;
  const entry = env.doc.createNode({ id: '', name }, { flow: true }) as YAMLMap;
  for (const pair of entry.items) (pair.value as Scalar).type = Scalar.QUOTE_DOUBLE;
  workflows.set(key, entry);
  env.changed = true;
  return true;
}

/** Seeds `lockScopes: []` when absent (the seed crashed on a missing list). */
export function ensureLockScopes(env: EnvFile): boolean {
  const existing = env.doc.get('lockScopes', true) as Node | undefined;
  if (isSeq(existing)) return false;
  // Absent, or present with no value (`lockScopes:`): write an empty flow list.
  const seq = new YAMLSeq();
  seq.flow = true;
  env.doc.set('lockScopes', seq);
  env.changed = true;
  return true;
}

/** Appends `scope` to lockScopes once. Returns true when the document changed. */
export function addLockScope(env: EnvFile, scope: string): boolean {
  ensureLockScopes(env);
  const seq = env.doc.get('lockScopes', true) as YAMLSeq;
  if (seq.items.some((item) => String((item as { value?: unknown }).value ?? item) === scope)) return false;
  // A flow list that was empty reads better as a block list once it has entries.
  if (seq.items.length === 0) seq.flow = false;
  seq.add(env.doc.createNode(scope));
  env.changed = true;
  return true;
}

export { getEnvPath } from './env-path.js';

/**
 * Sets `workflows.<key>.id` (the id n8n minted when deploy created the workflow), registering the
 * key with `name` first when the env has no entry for it. Comments, order and quoting stay.
 */
export function setWorkflowId(env: EnvFile, key: string, id: string, name: string): boolean {
  registerWorkflow(env, key, name);
  const entry = (env.doc.get('workflows', true) as YAMLMap).get(key, true) as Node | undefined;
  if (!isMap(entry)) throw new InputError(`${env.file}: workflows.${key} is not a mapping; cannot record its id`);
  const current = entry.get('id', true) as Node | undefined;
  if (current instanceof Scalar && current.value === id) return false;
  if (current instanceof Scalar) current.value = id;
  else {
    const scalar = env.doc.createNode(id) as Scalar;
    scalar.type = Scalar.QUOTE_DOUBLE;
    entry.set('id', scalar);
  }
  env.changed = true;
  return true;
}
