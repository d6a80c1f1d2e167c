import { type Command, parseArguments, printHelp } from './command.ts';
import { listOption } from './option-values.ts';
import { targetsFilePath } from '../run/paths.ts';

/* `harness doctor`: its help and options; the preflight of every family is cli/doctor-command.ts. */

async function help(): Promise<string> {
  return `harness doctor [--targets FILE] [--target NAME] [--suite NAME]...

Starts the target if it is a command target, then runs the preflight of every family it declares (is the base
URL reachable, do the credentials work: a token is issued; the Server header and the latency) and asks each
operation path the family uses with a harmless request (refused, so it changes nothing: the shortener's POST
BASE/mappings with a body that is not an array). A 404 there says "base URL looks wrong"; a family whose entry
gives no credentials says "no authentication in this family". Judges no rule. Exit 0 when every family is
usable, 2 when one is unreachable, refuses its credentials or answers 404 on an operation path.`;
}

export const options = {
  targets: { type: 'string' },
  target: { type: 'string' },
  suite: { type: 'string', multiple: true },
} as const;

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  const { runDoctor } = await import('./doctor-command.ts');
  const suites = listOption(values.suite);
  return runDoctor({
    targetsFile: targetsFilePath(values.targets as string | undefined),
    ...(values.target ? { target: String(values.target) } : {}),
    ...(suites ? { suites } : {}),
  });
}

export const doctorCli: Command = {
  name: 'doctor',
  summary: 'check a target is reachable, its operation paths answer and its credentials work, without judging it',
  help,
  run,
};
