import { HarnessError } from '../core/harness-error.ts';
import { type Command, printHelp } from './command.ts';
import { doctorCli } from './doctor-cli.ts';
import { initCli } from './init-cli.ts';
import { loadCli } from './load-cli.ts';
import { mutantsCli } from './mutants-cli.ts';
import { referenceCli } from './reference-cli.ts';
import { reportCli } from './report-cli.ts';
import { rulesCli } from './rules-cli.ts';
import { runCli } from './run-cli.ts';
import { signCli } from './sign-cli.ts';

/*
 * The `harness` command: finds the command asked for by its name and runs it. Each command (cli/*-cli.ts) loads
 * what it needs when it runs (vitest only for run and mutants), so `harness reference` starts in well under a second.
 */

/** The commands, in the order `harness --help` lists them and an unknown command's fix names them. */
const commands: Command[] = [
  runCli,
  initCli,
  doctorCli,
  rulesCli,
  mutantsCli,
  loadCli,
  referenceCli,
  reportCli,
  signCli,
];

async function mainHelp(): Promise<string> {
  return `harness: conformance testing of the spec's HTTP interfaces

Commands:
${commands.map((command) => `  harness ${command.name.padEnd(10)} ${command.summary}`).join('\n')}

Run "harness <command> --help" for a command's options; "harness --version" prints the version.`;
}

async function unknownCommand(name: string): Promise<HarnessError> {
  const names = commands.map((command) => command.name);
  const { didYouMean } = await import('../core/did-you-mean.ts');
  const closest = didYouMean(name, names);
  return new HarnessError(
    'USAGE',
    `Unknown command "${name}"${closest ? `: did you mean "${closest}"?` : ''}`,
    `use ${names.join(', ')}`,
  );
}

/** HARNESS_FAMILIES: families of the user's own, registered before any command sees the registry. */
async function registerPlugins(plugins: string): Promise<void> {
  const { registerPluginFamilies } = await import('../families/index.ts');
  await registerPluginFamilies(plugins).catch((error: Error) => {
    throw new HarnessError(
      'CONFIG_INVALID',
      `HARNESS_FAMILIES: ${error.message}`,
      'give paths of modules whose default export is a family (see families/family.ts)',
    );
  });
}

/**
 * `harness rules --json | head`: the reader closes the pipe early; what is left to print has no reader, so
 * the process ends at once, as Unix tools do, instead of dying on an EPIPE stack trace.
 */
function endQuietlyWhenReaderCloses(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

/** `harness --version`: the package's name and version, and the Node.js it runs on (what a bug report needs). */
async function printVersion(): Promise<number> {
  const [{ readFileSync }, { join }, { packageRoot }] = await Promise.all([
    import('node:fs'),
    import('node:path'),
    import('../run/paths.ts'),
  ]);
  const { name, version } = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  console.log(`${name} ${version} (Node.js ${process.versions.node})`);
  return 0;
}

/** Entry point: returns the exit code; harness errors print their code, message and fix. */
export async function main(argv: string[]): Promise<number> {
  endQuietlyWhenReaderCloses(process.stdout);
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') return printHelp(mainHelp);
  if (name === '--version' || name === '-v' || name === 'version') return printVersion();
  const command = commands.find((each) => each.name === name);
  try {
    if (!command) throw await unknownCommand(name);
    if (process.env.HARNESS_FAMILIES) await registerPlugins(process.env.HARNESS_FAMILIES);
    return await command.run(rest);
  } catch (error) {
    if (error instanceof HarnessError) {
      console.error(`harness: ${error.code}: ${error.message}${error.fix ? `\nfix: ${error.fix}` : ''}`);
      return 2;
    }
    console.error(`harness: internal error: ${(error as Error).stack ?? String(error)}`);
    return 2;
  }
}
