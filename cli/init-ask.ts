// node:readline/promises, reached through node:readline (dependency-cruiser takes the subpath for a folder).
import { promises as readline } from 'node:readline';
import { HarnessError } from '../core/harness-error.ts';
import type { InitQuestion } from './init-questions.ts';

/*
 * The question loop of `harness init` at a terminal: one question at a time on an input/output pair (the terminal,
 * or PassThrough streams in a test), each answer checked as --set checks it and asked again when wrong. Whether to
 * ask at all is the caller's (cli/init-cli.ts).
 */

/** Where the questions are asked and answered. */
export interface QuestionStreams {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream & { isTTY?: boolean };
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The prompt: the key, its choices, and what Enter keeps. */
function promptOf(question: InitQuestion): string {
  const choices = question.choices ? ` (${question.choices.map(shown).join(' or ')})` : '';
  return `${question.setKey}${choices} [${shown(question.current)}]: `;
}

/**
 * Asks each question and resolves to the answers as --set assignments (`FAMILY.KEY=VALUE`, the value read as --set
 * reads it); an empty answer keeps what init writes. `problemOf` says what is wrong with an answer, which is then
 * asked again. The end of the input or Ctrl-C stops it with a USAGE error (exit 2), before anything is written.
 */
export async function askInitQuestions(
  questions: readonly InitQuestion[],
  streams: QuestionStreams,
  problemOf: (assignment: string) => string | undefined,
): Promise<string[]> {
  if (questions.length === 0) return [];
  const lines = readline.createInterface({
    input: streams.input,
    output: streams.output,
    terminal: Boolean(streams.output.isTTY),
  });
  // At a terminal readline takes Ctrl-C itself: it ends the questions as the end of the input does.
  lines.on('SIGINT', () => lines.close());
  // The iterator keeps lines that arrive before their question (pasted, or piped in at once).
  const answers = lines[Symbol.asyncIterator]();
  const assignments: string[] = [];
  streams.output.write(
    `harness init asks ${questions.length} question${questions.length === 1 ? '' : 's'}; Enter keeps the value in brackets (a \${VAR} is a variable to export). Secrets are never asked.\n`,
  );
  try {
    for (const question of questions) {
      streams.output.write(`\n${question.setKey}: ${question.about}\n`);
      for (;;) {
        lines.setPrompt(promptOf(question));
        lines.prompt();
        const next = await answers.next();
        if (next.done)
          throw new HarnessError(
            'USAGE',
            `harness init stopped at ${question.setKey} (end of input or Ctrl-C): nothing was written`,
            'run it again, or give the values as --set FAMILY.KEY=VALUE with --no-input',
          );
        const answer = String(next.value).trim();
        if (answer === '') break;
        const assignment = `${question.setKey}=${answer}`;
        const problem = problemOf(assignment);
        if (problem === undefined) {
          assignments.push(assignment);
          break;
        }
        streams.output.write(`  ${problem}\n`);
      }
    }
    return assignments;
  } finally {
    lines.close();
  }
}
