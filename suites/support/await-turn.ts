import { beforeAll } from 'vitest';
import { brokerCall } from '../../client/session-broker.ts';
import { runContext } from './run-context.ts';
import { type TurnAnswer, turnMethods } from './turn-protocol.ts';

/*
 * A setup file of every suite file of a run (cli/suite-runner.ts): before the file's own hooks and tests, it waits
 * until the files the run's schedule puts before it have ended (cli/suite-schedule.ts). No timeout: how long is the
 * schedule's business (the run's deadline still holds).
 */
// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first argument as fixtures, and takes only a pattern
beforeAll(async ({}, suite) => {
  const turns = runContext().turns;
  const file = suite.file?.filepath;
  if (!turns || !file) return;
  while (!(await brokerCall<TurnAnswer>(turns, turnMethods, 'awaitTurn', { file })).ready);
}, 0);
