import type { Command } from 'commander';
import { resolve, join } from 'node:path';
import { InputError } from '../errors.js';
import { PRIMITIVE_NAMES, PRIMITIVES, isPrimitiveName, primitiveJson, type PrimitiveName } from '../primitives/index.js';
import { stringifyJson } from '../workflow/json-file.js';
import { WritePlan } from './io.js';
import { warn, withExamples } from './program.js';

export function parsePrimitiveNames(names: string[]): PrimitiveName[] {
  for (const name of names) {
    if (!isPrimitiveName(name)) throw new InputError(`unknown primitive "${name}" (known: ${PRIMITIVE_NAMES.join(', ')})`);
  }
  return names.length ? (names as PrimitiveName[]) : [...PRIMITIVE_NAMES];
}

export function registerEmit(program: Command): void {
  const command = program
    .command('emit')
    .description('print or write the raw primitive workflow JSON (with {{@:env:...}} placeholders)')
    .argument('[names...]', `primitives to emit (default: all of ${PRIMITIVE_NAMES.join(', ')})`)
    .option('--out <dir>', 'write <dir>/<name>.json instead of printing')
    .action((names: string[], options: { out?: string }) => {
      const selected = parsePrimitiveNames(names);
      if (options.out) {
        const dir = resolve(options.out);
        const plan = new WritePlan(dir);
        for (const name of selected) plan.put(join(dir, `${name}.json`), primitiveJson(name), join(options.out, `${name}.json`));
        const changed = plan.commit();
        warn(`emit: ${selected.length} primitive(s) in ${options.out} (${changed.length} written, ${selected.length - changed.length} unchanged)`);
        return;
      }
      if (selected.length === 1) process.stdout.write(primitiveJson(selected[0]));
      else process.stdout.write(stringifyJson(Object.fromEntries(selected.map((n) => [n, PRIMITIVES[n].build()]))));
    });
  withExamples(command, [
    'n8n-lock emit lock_acquisition > lock_acquisition.json',
    'n8n-lock emit --out build/primitives',
    'n8n-lock emit lock_release rate_limit_check | jq .lock_release.nodes[].name',
  ]);
}
