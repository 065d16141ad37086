// The generated reference pages, by path: the commands (from commander's definitions, through the
// built CLI's modules) and the nodes (from the built node package). One list for the script that
// writes them and the test that fails when the committed ones are stale.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPackageDescriptions, nodeReference } from './node-reference.js';

export async function referenceFiles(root: string): Promise<Record<string, string>> {
  const dist = (path: string) => import(pathToFileURL(join(root, 'dist', 'cli', path)).href);
  const { COMMANDS, PROGRAM_DESCRIPTION } = await dist('commands.js');
  const { createProgram } = await dist('program.js');
  const { cliReference } = await dist('reference.js');
  const program = createProgram('n8n-lock', PROGRAM_DESCRIPTION, '0.0.0');
  for (const load of Object.values(COMMANDS) as Array<() => Promise<(p: unknown) => void>>) (await load())(program);
  return {
    'docs/reference/cli.md': cliReference(program),
    'docs/reference/nodes.md': nodeReference(loadPackageDescriptions(join(root, 'n8n-nodes'))),
  };
}
