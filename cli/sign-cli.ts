import { type Command, parseArguments, printHelp } from './command.ts';

/* `harness sign`: a signed family's curl line sent again with fresh credentials (cli/sign-command.ts). */

async function help(): Promise<string> {
  return `harness sign [--targets FILE] [--target NAME] [--family loyalty|exchange] -- curl ...

Sends a curl line of a failure's evidence for a family whose requests are signed (the loyalty MAC, the exchange
signature) again, with the target entry's credentials set afresh: a new ts, nonce and MAC, or a new timestamp and
signature, and the API key. The line's own values for them (its $HARNESS_... variables) are replaced; its method,
URL, other headers and body are sent as written. Prints the request and the answer, secrets masked. Exit 0 when the
target answered, 1 when it did not, 2 on a usage or configuration error.
  --targets FILE  the targets file (default ./targets.json)
  --target NAME   the entry whose credentials sign it (default: the file's default target)
  --family NAME   the family (default: the signing family whose base URL the line's URL is under)`;
}

const options = {
  targets: { type: 'string', default: 'targets.json' },
  target: { type: 'string' },
  family: { type: 'string' },
} as const;

async function run(argv: string[]): Promise<number> {
  const split = argv.indexOf('--');
  const own = split === -1 ? argv : argv.slice(0, split);
  const { values } = parseArguments(own, options);
  if (values.help) return printHelp(help);
  const { runSign } = await import('./sign-command.ts');
  return runSign({
    targetsFile: String(values.targets),
    ...(typeof values.target === 'string' ? { target: values.target } : {}),
    ...(typeof values.family === 'string' ? { family: values.family } : {}),
    curl: split === -1 ? [] : argv.slice(split + 1),
  });
}

export const signCli: Command = {
  name: 'sign',
  summary: 'send a signed request of a failure again, with fresh credentials',
  help,
  run,
};
