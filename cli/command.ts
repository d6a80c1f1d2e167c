import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean } from '../core/did-you-mean.ts';
import { HarnessError } from '../core/harness-error.ts';

/*
 * What a `harness` command is: main.ts lists commands by name and summary and runs the one asked for. A command's
 * module stays light (help and options only): its run imports the work when it runs, so `harness --help` and
 * `harness reference` do not load vitest.
 */

/** The option table of a command, as node:util's parseArgs reads it. */
export type OptionTable = NonNullable<ParseArgsConfig['options']>;

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

export interface Command {
  /** The word after `harness`. */
  readonly name: string;
  /** Its line in `harness --help`. */
  readonly summary: string;
  /** Its `harness <name> --help` text. */
  help(): Promise<string>;
  /** Runs the command on the arguments after its name; resolves to the exit code. */
  run(argv: string[]): Promise<number>;
}

const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

/** Parses a command's arguments with its option table (and --help); a wrong argument is a USAGE error. */
export function parseArguments(
  argv: string[],
  options: OptionTable,
  { positionals = false, fix = 'see --help' } = {},
): { values: OptionValues; positionals: string[] } {
  try {
    return parseArgs({
      args: argv,
      options: { ...helpOption, ...options },
      allowPositionals: positionals,
      strict: true,
    }) as { values: OptionValues; positionals: string[] };
  } catch (error) {
    throw new HarnessError('USAGE', usageMessage(error as Error & { code?: string }, argv, options), fix);
  }
}

/**
 * node:util's parse error in the words of this command: an unknown option with the closest known one, and an option
 * given without its value (or with a value that looks like an option, `--runs -1`) named plainly.
 */
function usageMessage(error: Error & { code?: string }, argv: readonly string[], options: OptionTable): string {
  const known = Object.keys({ ...helpOption, ...options }).map((name) => `--${name}`);
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'(-[^']*)'/.exec(error.message)?.[1] ?? '';
    const guess = didYouMean(given.split('=')[0] ?? given, known);
    return `Unknown option '${given}'${guess ? ` (did you mean "${guess}"?)` : ''}`;
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const name = /'(--[a-z-]+)/.exec(error.message)?.[1];
    const next = name ? argv[argv.indexOf(name) + 1] : undefined;
    if (name && options[name.slice(2)]?.type === 'string')
      return next === undefined || !next.startsWith('-')
        ? `${name} needs a value`
        : `${name} needs a value, got the option-like "${next}" (write ${name}=${next} if that is the value)`;
  }
  return error.message;
}

/** Prints a help text; --help exits 0. */
export async function printHelp(help: () => Promise<string>): Promise<number> {
  console.log(await help());
  return 0;
}
