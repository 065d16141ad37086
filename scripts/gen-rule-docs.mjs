// `npm run docs:rules`: writes docs/rules/<id>.md for every rule and the rule table of docs/validate.md, from
// the rule inventory (src/validate/rules.ts, through dist/). test/validate/docs.test.ts fails when
// the committed files differ from what this writes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleDocFiles, withRuleTable } from '../dist/validate/rule-docs.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const [path, text] of Object.entries(ruleDocFiles())) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}
const guide = join(root, 'docs', 'validate.md');
writeFileSync(guide, withRuleTable(readFileSync(guide, 'utf8')));
console.log(`wrote ${Object.keys(ruleDocFiles()).length} rule pages and the rule table of docs/validate.md`);
