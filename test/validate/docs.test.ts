// The rule docs are generated from the rule inventory: the committed pages and the validate guide's table
// must be exactly what the generator writes (npm run docs:rules), and every rule has its page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleDocFiles, withRuleTable } from '../../src/validate/rule-docs.js';
import { ENGINE_RULES, ENV_RULES, RULES } from '../../src/validate/rules.js';
import { ROOT } from '../support/paths.js';

describe('rule docs', () => {
  it('every rule and engine rule has docs/rules/<id>.md, exactly as generated', () => {
    for (const [path, text] of Object.entries(ruleDocFiles())) {
      expect(existsSync(join(ROOT, path)), `${path} is missing: run npm run docs:rules`).toBe(true);
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} differs from the rule's meta: run npm run docs:rules`).toBe(text);
    }
    const pages = readdirSync(join(ROOT, 'docs', 'rules')).sort();
    expect(pages).toEqual([...RULES, ...ENV_RULES, ...ENGINE_RULES].map((r) => `${r.id}.md`).sort());
  });

  it("the validate guide's rule table is the generated one", () => {
    const guide = readFileSync(join(ROOT, 'docs', 'validate.md'), 'utf8');
    expect(withRuleTable(guide), 'docs/validate.md rule table differs: run npm run docs:rules').toBe(guide);
  });
});
