import type { Command } from 'commander';
import { join, resolve } from 'node:path';
import { InputError } from '../errors.js';
import { renderWorkflow, type RenderedWorkflow } from '../envs/render.js';
import { readText, WritePlan } from './io.js';
import { loadOneEnv } from './envs.js';
import { warn, withCwd, withExamples } from './program.js';
import { display, listWorkflowKeys, unknownWorkflowError, workflowPath } from './repo.js';
import { existsSync } from 'node:fs';

export function registerRender(program: Command): void {
  const command = withCwd(
    program
      .command('render')
      .description('resolve {{@:env:...}} placeholders into importable workflow JSON for one environment')
      .argument('[keys...]', 'workflow keys (default: every workflow)')
      .requiredOption('--env <name>', 'the environment to render for')
      .option('--out <dir>', 'write <dir>/<key>.json (default: print; several workflows print as one JSON array)'),
  ).action((keys: string[], options: { cwd: string; env: string; out?: string }) => {
    const { layout, env } = loadOneEnv(options.cwd, options.env, 'render');
    const selected = keys.length > 0 ? keys : listWorkflowKeys(layout);
    if (selected.length === 0) throw new InputError(`no workflows in ${display(layout, layout.workflowsDir)}`);
    const rendered: RenderedWorkflow[] = selected.map((key) => {
      const path = workflowPath(layout, key);
      const label = display(layout, path);
      if (!existsSync(path)) throw unknownWorkflowError(layout, key);
      return renderWorkflow(key, readText(path, label), label, env);
    });
    for (const r of rendered) for (const w of r.warnings) warn(`warning: ${w}`);

    if (options.out) {
      const dir = resolve(options.out);
      const plan = new WritePlan(dir);
      for (const r of rendered) plan.put(join(dir, `${r.key.replace(/\//g, '__')}.json`), r.text, join(options.out, `${r.key}.json`));
      const changed = plan.commit();
      warn(`render: ${rendered.length} workflow(s) for env "${env.name}" in ${options.out} (${changed.length} written)`);
      warn('next: n8n import:workflow --separate --input=' + options.out + ', then n8n publish:workflow --id=<id> for each (n8n 2.x runs only published sub-workflows and error workflows)');
    } else if (rendered.length === 1) {
      process.stdout.write(rendered[0].text);
    } else {
      process.stdout.write(JSON.stringify(rendered.map((r) => JSON.parse(r.text)), null, 2) + '\n');
    }
  });
  withExamples(command, [
    'n8n-lock render --env dev --out build/dev',
    'n8n-lock render --env prod lock_acquisition > lock_acquisition.prod.json',
    'n8n-lock render --env dev > all.json && n8n import:workflow --input=all.json',
  ]);
}
