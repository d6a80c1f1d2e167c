import { type Command, parseArguments, printHelp } from './command.ts';
import { familyNames } from './family-names.ts';
import { listOption } from './option-values.ts';

/* `harness init`: its help and options; writing the entry is cli/init-command.ts. */

async function help(): Promise<string> {
  return `harness init [--family ${await familyNames()}]... [--name NAME] [--url BASE] [--targets FILE]

Writes a target entry for your own service into the targets file (default ./targets.json; created when
missing, else the entry is added): every required key of each family's section, secrets, ids and base URLs as
\${VAR} placeholders named after their keys, and prints what each placeholder and value needs. Then run
harness doctor on it: it names every variable still unset, then checks the service answers.
  --family F      a family of the entry, repeatable or comma-separated (default: every family)
  --name NAME     the entry's name (default my-service)
  --url BASE      the service's base address: each family's baseUrl is BASE/<family> instead of a placeholder`;
}

export const options = {
  family: { type: 'string', multiple: true },
  name: { type: 'string', default: 'my-service' },
  url: { type: 'string' },
  targets: { type: 'string', default: 'targets.json' },
} as const;

async function run(argv: string[]): Promise<number> {
  const { values } = parseArguments(argv, options);
  if (values.help) return printHelp(help);
  const { initTargets, renderInitResult } = await import('./init-command.ts');
  const name = String(values.name);
  const chosen = listOption(values.family);
  const result = initTargets({
    targetsFile: String(values.targets),
    name,
    ...(chosen ? { families: chosen } : {}),
    ...(values.url ? { url: String(values.url) } : {}),
  });
  console.log(renderInitResult(result, name));
  return 0;
}

export const initCli: Command = {
  name: 'init',
  summary: 'write a target entry for your own service (every required key, ${VAR} placeholders)',
  help,
  run,
};
