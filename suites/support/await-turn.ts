import { beforeAll } from 'vitest';
import { collectGarbageNow } from '../../core/collect-garbage.ts';
import { brokerCall } from '../../client/session-broker.ts';
import { runContext } from '../../engine/run-context.ts';
import { type TurnAnswer, turnMethods } from './turn-protocol.ts';
import { startFileWalks } from './walk-budget.ts';

/** Page bytes the file before held in its walks above which they are collected at once, not when V8 gets to it. */
const collectAfterBytes = 8 * 1024 * 1024;

/*
 * A setup file of every suite file of a run (run/suite-runner.ts): before the file's own hooks and tests, it starts
 * the file's ledger of walk pages and waits until the files the run's schedule puts before it have ended
 * (run/suite-schedule.ts). No timeout: how long is the
 * schedule's business (the run's deadline still holds).
 */
// biome-ignore lint/correctness/noEmptyPattern: vitest reads a hook's first argument as fixtures, and takes only a pattern
beforeAll(async ({}, suite) => {
  // A worker runs its files one after the other: the pages the file before held are garbage now.
  if (startFileWalks() > collectAfterBytes) collectGarbageNow();
  const turns = runContext().turns;
  const file = suite.file?.filepath;
  if (!turns || !file) return;
  while (!(await brokerCall<TurnAnswer>(turns, turnMethods, 'awaitTurn', { file })).ready);
}, 0);
