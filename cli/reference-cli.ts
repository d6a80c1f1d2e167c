import { type Command, type OptionTable, parseArguments, printHelp } from './command.ts';
import { integerOption } from './option-values.ts';

/*
 * `harness reference`: its help and options, which include every family's own flags (read from the registry when
 * asked); serving the reference is cli/reference-command.ts.
 */

async function help(): Promise<string> {
  const { families } = await import('../families/index.ts');
  const flags = families().flatMap((family) =>
    Object.entries(family.reference.flags ?? {}).map(([name, flag]) => `  --${name} ${flag.help}`),
  );
  const modes = families().map((family) => `${family.name}: ${family.reference.modes.join('|')}`);
  return `harness reference [--port N] [--host H] [--mode MODE] [--mutant NAME] [family flags]

Starts the bundled reference target (every interface family under its own path prefix) and prints its
base URLs. Credentials come from REFERENCE_* variables (generated when unset). Stops on Ctrl-C.
  --mode MODE     a mode of a family's reference (${modes.join('; ')}); families without it keep their default
  --mutant NAME   run one mutant (see harness rules); its family runs in the mutant's mode
${flags.join('\n')}`;
}

/** The families' own flags (e.g. --token-ttl), each a string option. */
async function familyFlags(): Promise<OptionTable> {
  const { families } = await import('../families/index.ts');
  return Object.fromEntries(
    families().flatMap((family) =>
      Object.keys(family.reference.flags ?? {}).map((name) => [name, { type: 'string' as const }]),
    ),
  );
}

export async function options(): Promise<OptionTable> {
  return {
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    mode: { type: 'string' },
    mutant: { type: 'string' },
    ...(await familyFlags()),
  };
}

async function run(argv: string[]): Promise<number> {
  const flagNames = Object.keys(await familyFlags());
  const { values } = parseArguments(argv, await options());
  if (values.help) return printHelp(help);
  const { runReference } = await import('./reference-command.ts');
  const flags = Object.fromEntries(
    flagNames.filter((name) => values[name] !== undefined).map((name) => [name, String(values[name])]),
  );
  return runReference({
    host: String(values.host),
    port: integerOption(values.port, 'port', 0) as number,
    ...(values.mode ? { mode: String(values.mode) } : {}),
    ...(values.mutant ? { mutant: String(values.mutant) } : {}),
    flags,
  });
}

export const referenceCli: Command = {
  name: 'reference',
  summary: 'start the bundled reference target alone',
  help,
  run,
};
