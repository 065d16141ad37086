// An unknown option that shortens a real one gets a suggestion on every command (issue 38, finding
// 3: `status --redis x` said only "unknown option '--redis'"), and is still exit 2 with nothing done.
import { describe, expect, it } from 'vitest';
import { didYouMean, optionsShortenedBy } from '../../src/cli/option-suggestion.js';
import { runCli } from '../support/cli.js';

describe('optionsShortenedBy', () => {
  it('a prefix of one or more long options, with or without =value', () => {
    expect(optionsShortenedBy('--redis', ['--redis-url', '--tls-insecure', '--scope'])).toEqual(['--redis-url']);
    expect(optionsShortenedBy('--redis=redis://x', ['--redis-url'])).toEqual(['--redis-url']);
    expect(optionsShortenedBy('--cach', ['--cache', '--cache-location', '--cwd'])).toEqual(['--cache', '--cache-location']);
  });

  it('a dash-separated part when nothing starts with it', () => {
    expect(optionsShortenedBy('--url', ['--n8n-url', '--api-key-file', '--redis-url'])).toEqual(['--n8n-url', '--redis-url']);
    expect(optionsShortenedBy('--id', ['--lock-id', '--force', '--identity'])).toEqual(['--identity']);
  });

  it('nothing for short options, an exact name or no match (commander\'s own suggestion stays for typos)', () => {
    expect(optionsShortenedBy('-r', ['--redis-url'])).toEqual([]);
    expect(optionsShortenedBy('--bogus', ['--redis-url'])).toEqual([]);
    expect(optionsShortenedBy('--scope', ['--scope'])).toEqual([]);
  });

  it('words it as commander does', () => {
    expect(didYouMean(['--redis-url'])).toBe('(Did you mean --redis-url?)');
    expect(didYouMean(['--a', '--b'])).toBe('(Did you mean one of --a, --b?)');
  });
});

describe('every command suggests the option a shortening stands for', () => {
  it.each([
    [['status', '--redis', 'x'], '--redis', '--redis-url'],
    [['unlock', 'billing', '--redis', 'x'], '--redis', '--redis-url'],
    [['functions', 'status', '--redis', 'x'], '--redis', '--redis-url'],
    [['unlock', 'billing', '--lock', '4711'], '--lock', '--lock-id'],
    [['deploy', '--env', 'dev', '--url', 'http://x'], '--url', '--n8n-url'],
    [['validate', '--max-warn', '0'], '--max-warn', '--max-warnings'],
    [['create-lock', '--include-error'], '--include-error', '--include-error-handler'],
  ])('%j', (args, typed, meant) => {
    const run = runCli(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').slice(0, 2)).toEqual([`error: unknown option '${typed}'`, `(Did you mean ${meant}?)`]);
  });

  it('a typo keeps commander\'s own suggestion; an option like nothing gets none', () => {
    expect(runCli(['status', '--scpoe', 'x']).stderr).toContain('(Did you mean --scope?)');
    const none = runCli(['status', '--bogus']);
    expect([none.status, none.stderr]).toEqual([2, "error: unknown option '--bogus'\n(run with --help for usage)\n"]);
  });
});
