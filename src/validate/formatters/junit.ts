import type { FileResult } from '../engine.js';
import type { Finding } from '../types.js';

// JUnit XML, the report GitLab (artifacts:reports:junit) and Jenkins (the JUnit plugin) read: one
// <testsuite> per file, one <testcase> per file and rule, so a merge request lists "code-purity
// in workflows/billing.json" as a failed test and every other rule of that file as passed.
// - An error fails its test case (<failure>, every finding of that rule in the file, with line
//   and column). A warning does not fail validate, so its test case passes and carries the
//   warnings in <system-out>.
// - A file that is not a workflow is one skipped test case, with the reason.
// - time is 0: validate's cost is per repository, not per rule, and a made-up split would mislead.

const escape = (text: string) =>
  text
    // XML 1.0 allows no control characters but tab, LF and CR; a finding never needs them.
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const where = (f: Finding) => `${f.file}:${f.line}:${f.column}: ${f.severity}: ${f.message} (${f.ruleId})`;

interface Case {
  name: string;
  failure?: Finding[];
  warnings?: Finding[];
  skipped?: string;
}

function casesOf(result: FileResult, ruleIds: readonly string[]): Case[] {
  if (result.skipped !== undefined) return [{ name: 'validate', skipped: result.skipped }];
  const ids = [...new Set([...ruleIds, ...result.findings.map((f) => f.ruleId)])].sort();
  return ids.map((name) => {
    const findings = result.findings.filter((f) => f.ruleId === name);
    const errors = findings.filter((f) => f.severity === 'error');
    return errors.length ? { name, failure: findings } : findings.length ? { name, warnings: findings } : { name };
  });
}

/** `ruleIds`: the rules that ran (enabled); rules that only appear in findings (parse errors) are added. */
export function formatJunit(results: FileResult[], ruleIds: readonly string[], envRuleIds: readonly string[] = []): string {
  const suites = results.map((result) => ({ file: result.file, cases: casesOf(result, result.kind === 'env' ? envRuleIds : ruleIds) }));
  const count = (cases: Case[], has: (c: Case) => boolean) => cases.filter(has).length;
  const all = suites.flatMap((s) => s.cases);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="n8n-lock validate" tests="${all.length}" failures="${count(all, (c) => Boolean(c.failure))}" errors="0" skipped="${count(all, (c) => c.skipped !== undefined)}" time="0">`,
  ];
  suites.forEach(({ file, cases }, id) => {
    const name = escape(file);
    out.push(`  <testsuite name="${name}" id="${id}" tests="${cases.length}" failures="${count(cases, (c) => Boolean(c.failure))}" errors="0" skipped="${count(cases, (c) => c.skipped !== undefined)}" time="0">`);
    for (const c of cases) {
      const open = `    <testcase classname="${name}" name="${escape(c.name)}" file="${name}" time="0"`;
      if (c.skipped !== undefined) out.push(`${open}>`, `      <skipped message="${escape(c.skipped)}"/>`, '    </testcase>');
      else if (c.failure) {
        const errors = c.failure.filter((f) => f.severity === 'error').length;
        out.push(`${open}>`, `      <failure type="${escape(c.name)}" message="${escape(`${errors} error(s): ${c.failure[0].message}`)}">${escape(c.failure.map(where).join('\n'))}</failure>`, '    </testcase>');
      } else if (c.warnings) out.push(`${open}>`, `      <system-out>${escape(c.warnings.map(where).join('\n'))}</system-out>`, '    </testcase>');
      else out.push(`${open}/>`);
    }
    out.push('  </testsuite>');
  });
  out.push('</testsuites>', '');
  return out.join('\n');
}
