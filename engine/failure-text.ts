import { isAbsolute, relative } from 'node:path';
import { shellWord } from '../client/shell-quote.ts';
import type { RuleOutcome } from '../rules/rule-outcome.ts';

/** What a replay line needs besides the rule: where the target came from and the run's settings. */
export interface ReplaySettings {
  targetsFile: string;
  targetName: string;
  seed: number;
  runs: number;
  /** Command sequences per stateful phase, when the run was given them (`--sequences`). */
  sequences?: number;
  /**
   * The words that started the harness for this run (`node /abs/path/bin/harness.js`), so the line runs from any
   * folder. Default `npx harness`.
   */
  harness?: readonly string[];
  /** A reports folder of the replay's own, so pasting the line never overwrites the run's reports. */
  replayReports?: string;
  /** For a target the harness started: the command that starts it again on the port the evidence names. */
  startedTarget?: string;
  /**
   * The folder the run was started in: the targets file and the replay's reports below it are written relative to
   * it, so a line copied from a CI log runs from the same folder of another checkout. Absent: written as given.
   */
  startedIn?: string;
}

/** A path as a replay line writes it: relative to the folder the run was started in when below it, else as given. */
function shownPath(path: string, startedIn: string | undefined): string {
  if (startedIn === undefined) return path;
  const below = relative(startedIn, path);
  return below && !below.startsWith('..') && !isAbsolute(below) ? below : path;
}

/** The command that reruns exactly this rule with exactly these cases, as the run was invoked. */
export function replayCommand(outcome: RuleOutcome, settings: ReplaySettings): string {
  const seed = outcome.replay?.seed ?? settings.seed;
  const harness = settings.harness ?? ['npx', 'harness'];
  const reports = settings.replayReports ? ['--reports', shownPath(settings.replayReports, settings.startedIn)] : [];
  return [
    ...harness,
    'run',
    '--targets',
    shownPath(settings.targetsFile, settings.startedIn),
    '--target',
    settings.targetName,
    '--suite',
    outcome.family,
    '--rule',
    outcome.ruleId,
    '--seed',
    String(seed),
    '--runs',
    String(settings.runs),
    ...(settings.sequences === undefined ? [] : ['--sequences', String(settings.sequences)]),
    ...reports,
  ]
    .map(shellWord)
    .join(' ');
}

/** The text a reader needs to act on a failure: rule, section, what broke, replay line and evidence. */
export function failureText(outcome: RuleOutcome, settings: ReplaySettings): string {
  const lines = [`[${outcome.ruleId}] ${outcome.section}`];
  if (outcome.quote) lines.push(`breaks: ${outcome.quote}`);
  lines.push(outcome.message ?? '');
  if (outcome.input) lines.push(`input: ${outcome.input}`);
  lines.push(
    `replay: ${replayCommand(outcome, settings)}${outcome.replay ? `  (fast-check path ${outcome.replay.path})` : ''}`,
  );
  if (outcome.replay) lines.push(`counterexample: ${outcome.replay.counterexample}`);
  if (settings.startedTarget && outcome.evidence?.length) {
    lines.push(
      `note: the harness started this target for the run, on a port of its own (closed now); the replay line starts it again. To send the curl lines, start it first: ${settings.startedTarget}`,
    );
  }
  for (const [index, evidence] of (outcome.evidence ?? []).entries()) {
    lines.push(
      `--- exchange ${index + 1}: request ---`,
      evidence.request,
      '--- response ---',
      evidence.response,
      '--- curl ---',
      evidence.curl,
    );
  }
  return lines.join('\n');
}
