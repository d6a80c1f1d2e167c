import { type ParseArgsConfig, parseArgs } from 'node:util';
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
    throw new HarnessError('USAGE', (error as Error).message, fix);
  }
}

/** Prints a help text; --help exits 0. */
export async function printHelp(help: () => Promise<string>): Promise<number> {
  console.log(await help());
  return 0;
}
