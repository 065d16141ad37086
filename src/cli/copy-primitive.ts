import type { Command } from 'commander';
import { InputError } from '../errors.js';
import { PRIMITIVE_NAMES, PRIMITIVES } from '../primitives/index.js';
import { WritePlan } from './io.js';
import { parsePrimitiveNames } from './emit.js';
import { planPrimitiveFiles } from './install-primitives.js';
import { detectLayout, display } from './repo.js';
import { warn, withCwd, withExamples } from './program.js';

export function registerCopyPrimitive(program: Command): void {
  const command = withCwd(
    program
      .command('copy-primitive')
      .description('copy one primitive into the workflows folder, without env registration')
      .argument('[name]', `one of ${PRIMITIVE_NAMES.join(', ')}`)
      .option('--list', 'list the primitives and exit')
      .option('--force-overwrite', 'replace the file if it differs from the shipped version'),
  ).action((name: string | undefined, options: { cwd: string; list?: boolean; forceOverwrite?: boolean }) => {
    if (options.list) {
      for (const info of Object.values(PRIMITIVES)) process.stdout.write(`${info.name.padEnd(28)} ${info.description}\n`);
      return;
    }
    if (!name) throw new InputError(`copy-primitive: name a primitive (${PRIMITIVE_NAMES.join(', ')}) or use --list`);
    const [primitive] = parsePrimitiveNames([name]);
    const layout = detectLayout(options.cwd);
    const plan = new WritePlan(layout.root);
    const [result] = planPrimitiveFiles(layout, [primitive], Boolean(options.forceOverwrite), plan);
    plan.commit();
    if (result.outcome === 'kept') warn(`${result.file}: differs from the shipped primitive; left alone (use --force-overwrite to replace it)`);
    else warn(`${result.file}: ${result.outcome}`);
    warn(
      `not registered: add "${primitive}: { id: \"\", name: \"${PRIMITIVES[primitive].displayName}\" }" under workflows: in each env file in ${display(layout, layout.envsDir)} (or run n8n-lock create-lock)`,
    );
  });
  withExamples(command, ['n8n-lock copy-primitive --list', 'n8n-lock copy-primitive rate_limit_check', 'n8n-lock copy-primitive lock_release --force-overwrite']);
}
