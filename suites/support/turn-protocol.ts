/*
 * How a suite file asks the main process whether it may start (run/suite-turns.ts answers, over a session broker of
 * its own): the file names itself and is told once the files it must come after have ended.
 */

/** The broker's name for the turn methods (no family is named so: family names are identifiers). */
export const turnMethods = '-turns';

export interface TurnRequest {
  /** The suite file's absolute path. */
  file: string;
}

/** `ready` false: not yet, ask again (a wait is answered in slices, so no request outlives an HTTP timeout). */
export interface TurnAnswer {
  ready: boolean;
}

/**
 * For `awaitAlone`: ready once every other file of the run has ended, but those that wait for the asking file
 * and others waiting alone too; `othersEndedAt` (epoch ms, 0 for none) is when the last of them ended.
 */
export interface AloneAnswer extends TurnAnswer {
  othersEndedAt?: number;
}
