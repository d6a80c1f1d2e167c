import { HarnessError } from '../core/harness-error.ts';
import { type Command, parseArguments, printHelp } from './command.ts';
import { familyNames } from './family-names.ts';
import { listOption } from './option-values.ts';

/* `harness init`: its help and options; writing the entry is cli/init-command.ts. */

async function help(): Promise<string> {
  return `harness init [--family ${await familyNames()}]... [--name NAME] [--url BASE] [--set FAMILY.KEY=VALUE]... [--targets FILE] [--no-input]
       harness init --ci github

Adds a target entry for your own service to the targets file (default ./targets.json; created when missing,
else the entry is added and every other byte of the file is left as it was) and prints it: every required key
of each family's section, the documented defaults written out, secrets, ids and base URLs as \${VAR}
placeholders named after their keys, and what each placeholder and value needs (secrets to export, other values
to write in). Then run harness doctor on it: it names every variable still unset, then asks each operation path
of the service.
At a terminal (stdin and stdout a TTY, CI not set) init first asks, one by one, what --set would answer and no flag
did: each key with what it is for and its choices, Enter keeping the value in brackets (the documented default, or a
\${VAR} to export), a wrong answer asked again. Secrets are never asked: init names the variables to export. Ctrl-C
or the end of input at a question exits 2 and writes nothing. Elsewhere it asks nothing and takes flags alone.
  --ci github     instead of an entry: write the CI example into this repository, the workflow as
                  .github/workflows/api-conformance.yml and its targets file as ci/targets.json (never over a file)
  --family F      a family of the entry, repeatable or comma-separated (default: every family)
  --name NAME     the entry's name (default my-service)
  --no-input      never ask, even at a terminal: flags alone, as in CI (default: ask at a terminal)
  --set F.KEY=V   a value init cannot know, written at that key of family F's section (V read as JSON when it is
                  JSON, else as text; a \${VAR} stays a placeholder), checked against the family's schema at that key
                  (a value it does not take, or an unknown key, exits 2), repeatable: e.g. --set loyalty.mac.id=client-7
                  --set billing.tenant.multiOrg=true --set 'loyalty.mac.secret=\${MY_MAC_SECRET}'
  --url BASE      the base URL of the family's operations, written as given as its baseUrl (nothing is
                  appended); the document's base address. The paths doctor asks, relative to it:
${await operationPaths()}`;
}

/** Each family's operation paths relative to BASE, a line each (from the requests doctor sends). */
async function operationPaths(): Promise<string> {
  const { families } = await import('../families/index.ts');
  return families()
    .map((family) => {
      const requests = family.doctor?.({ baseUrl: 'BASE' }).requests ?? [];
      const paths = requests.map((request) => `${request.method} BASE${request.path}`);
      const more = paths.length > 3 ? ` and ${paths.length - 3} more` : '';
      return `                    ${family.name.padEnd(10)} ${paths.slice(0, 3).join(', ') || '(see docs/targets.md)'}${more}`;
    })
    .join('\n');
}

export const options = {
  family: { type: 'string', multiple: true },
  name: { type: 'string', default: 'my-service' },
  url: { type: 'string' },
  targets: { type: 'string', default: 'targets.json' },
  set: { type: 'string', multiple: true },
  ci: { type: 'string' },
  'no-input': { type: 'boolean' },
} as const;

/**
 * Whether init asks its questions: only with a person at a terminal (stdin and stdout both one), never in CI
 * (CI set, other than "false") nor with --no-input; elsewhere it takes flags alone and never reads stdin.
 */
export function asksQuestions(
  stdin: { isTTY?: boolean },
  stdout: { isTTY?: boolean },
  env: NodeJS.ProcessEnv,
  noInput: boolean,
): boolean {
  const inCi = Boolean(env.CI) && env.CI !== 'false';
  return !noInput && !inCi && Boolean(stdin.isTTY) && Boolean(stdout.isTTY);
}

/** `--ci PROVIDER`: the CI example written into the repository (the current folder). */
async function writeCi(provider: string): Promise<number> {
  const { isCiProvider, writeCiExample } = await import('./init-ci.ts');
  if (!isCiProvider(provider))
    throw new HarnessError('USAGE', `--ci ${provider}: no CI example for it`, 'use --ci github');
  const written = writeCiExample(provider, process.cwd());
  console.log(
    [
      `harness init: wrote ${written.join(' and ')}`,
      'Adapt the image, port, readiness and families of the CI targets file to your service, set the secrets it names',
      'in the repository settings, and add testcontainers as a dev dependency (the container target needs it):',
      '  npm install --save-dev testcontainers@11.9.0',
    ].join('\n'),
  );
  return 0;
}

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  if (typeof values.ci === 'string') return writeCi(values.ci);
  const { draftInit, renderInitResult, writeInit } = await import('./init-command.ts');
  const name = String(values.name);
  const chosen = listOption(values.family);
  const flags = Array.isArray(values.set) ? values.set.map(String) : [];
  const initOptions = {
    targetsFile: String(values.targets),
    name,
    ...(chosen ? { families: chosen } : {}),
    ...(values.url ? { url: String(values.url) } : {}),
    set: flags,
  };
  let draft = draftInit(initOptions);
  if (asksQuestions(process.stdin, process.stdout, process.env, values['no-input'] === true)) {
    const [{ answerCheck, initQuestions }, { askInitQuestions }] = await Promise.all([
      import('./init-questions.ts'),
      import('./init-ask.ts'),
    ]);
    const streams = { input: process.stdin, output: process.stdout };
    const answers = await askInitQuestions(initQuestions(draft), streams, answerCheck(draft));
    // The answers are written as --set would write them.
    if (answers.length) draft = draftInit({ ...initOptions, set: [...flags, ...answers] });
  }
  const result = writeInit(draft);
  console.log(renderInitResult(result, name));
  return 0;
}

export const initCli: Command = {
  name: 'init',
  summary: 'write a target entry for your own service (every required key, ${VAR} placeholders)',
  help,
  run,
};
