import { Command, CommanderError, Option } from 'commander';
import { InputError } from '../errors.js';
import { didYouMean, optionsShortenedBy } from './option-suggestion.js';

/**
 * Every command of the CLI: commander's Command, with a suggestion for an unknown option that
 * shortens a real one (`--redis` -> `--redis-url`), which commander's edit distance misses.
 * createCommand makes every subcommand one too, so the rule holds for all commands in one place.
 */
class CliCommand extends Command {
  override createCommand(name?: string): Command {
    return new CliCommand(name);
  }

  unknownOption(flag: string): void {
    const longOptions: string[] = [];
    for (let command: Command | null = this; command; command = command.parent) {
      for (const option of command.createHelp().visibleOptions(command)) if (option.long) longOptions.push(option.long);
    }
    const shortened = optionsShortenedBy(flag, longOptions);
    if (shortened.length === 0) {
      // unknownOption is commander's internal hook (not in its typings): its own suggestion stays for typos.
      (Command.prototype as unknown as { unknownOption(flag: string): void }).unknownOption.call(this, flag);
      return;
    }
    this.error(`error: unknown option '${flag}'\n${didYouMean(shortened)}`, { code: 'commander.unknownOption' });
  }
}

/**
 * The root command. exitOverride must be set before subcommands are added: commander copies it
 * into each subcommand at creation, and runProgram relies on it to map errors to exit 2.
 */
export function createProgram(name: string, description: string, version: string): Command {
  return new CliCommand(name)
    .description(description)
    .version(version)
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
}

/** Adds the options every command has (cli.md): `--cwd <dir>`. */
export function withCwd(command: Command): Command {
  return command.addOption(new Option('--cwd <dir>', 'the workflow repository to work in').default('.', 'current directory'));
}

const examplesOf = new WeakMap<Command, string[]>();

/** Appends an "Examples:" block to a command's --help (and keeps them for the command reference). */
export function withExamples(command: Command, examples: string[]): Command {
  examplesOf.set(command, examples);
  return command.addHelpText('after', `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`);
}

/** The examples withExamples gave a command. */
export function commandExamples(command: Command): string[] {
  return examplesOf.get(command) ?? [];
}

/** Parses a positive integer flag value, or fails as a usage error naming the flag. */
export function positiveInt(flag: string): (value: string) => number {
  return (value: string) => {
    if (!/^\d+$/.test(value.trim()) || Number(value) <= 0) {
      throw new InputError(`${flag} must be a whole number greater than 0 (got "${value}")`);
    }
    return Number(value);
  };
}

/** Parses a whole-number flag value >= 0. */
export function positiveIntOrZero(flag: string): (value: string) => number {
  return (value: string) => {
    if (!/^\d+$/.test(value.trim())) throw new InputError(`${flag} must be a whole number of 0 or more (got "${value}")`);
    return Number(value);
  };
}

/** Parses a number flag value > 0 (fractions allowed). */
export function positiveNumber(flag: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InputError(`${flag} must be a number greater than 0 (got "${value}")`);
    return n;
  };
}

/** Parses a number flag value >= 0. */
export function nonNegativeNumber(flag: string): (value: string) => number {
  return (value: string) => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InputError(`${flag} must be a number of 0 or more (got "${value}")`);
    return n;
  };
}

/** Runs until SIGINT or SIGTERM, then `stop` (a server's commands: metrics, dashboard); resolves when it finished. */
export function untilSignal(stop: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const onSignal = () => void stop().then(resolve);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

/** Prints one message line on stderr. */
export function warn(message: string): void {
  process.stderr.write(`${message}\n`);
}

/**
 * Runs the program and maps every failure to the exit codes of cli.md: InputError and usage
 * errors -> 2 with one line on stderr; anything unexpected -> 2 with the message (and the stack
 * when N8N_LOCK_DEBUG is set).
 */
export async function runProgram(program: Command, argv: string[]): Promise<number> {
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      return 2; // commander already printed the message
    }
    if (error instanceof InputError) {
      process.stderr.write(`n8n-lock: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`n8n-lock: internal error: ${(error as Error).message}\n`);
    if (process.env.N8N_LOCK_DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
    return 2;
  }
}
