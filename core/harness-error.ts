/**
 * Stable codes for errors of the harness itself (exit code 2), matched on by users, never on messages; what each
 * means. docs/running.md's table of codes is held against this one by a test.
 */
export const harnessErrorCodes = {
  CONFIG_NOT_FOUND: 'the targets file is not where --targets (or ./targets.json) says',
  CONFIG_INVALID: 'the targets file breaks its schema: the message names the key and the fix',
  ENV_MISSING:
    'a ${VAR} of the entry is not set in the environment, or set but empty (all such ones are named at once)',
  TARGET_UNKNOWN: '--target names no entry of the targets file (with a did-you-mean)',
  TARGET_START_FAILED: 'a command or container target did not become ready (its last output lines are shown)',
  ENGINE_UNREACHABLE: 'a container target needs a Docker engine that does not answer',
  USAGE: 'the command line: an unknown command, option, rule or family, a value out of its bounds',
  PORT_IN_USE: 'harness reference was asked for a port another process holds',
  REPORT_FAILED: 'a report could not be written (or had nothing to be made from)',
  RUN_FAILED: 'the run itself broke (not the target): a suite that could not load, a load check that threw',
  PREFLIGHT_FAILED:
    'the target cannot be reached, or refuses a credential of the entry as it refuses a wrong one, before any rule is judged',
  BASE_URL_WRONG:
    "no operation of a family answers at the entry's base URL (each 404 or 405): the key to edit is named",
  PACKAGE_MISSING:
    'a target kind needs a package installed only for it (testcontainers, for container targets): the fix is the npm install line',
} as const;

export type HarnessErrorCode = keyof typeof harnessErrorCodes;

export class HarnessError extends Error {
  override readonly name = 'HarnessError';

  constructor(
    readonly code: HarnessErrorCode,
    message: string,
    /** What the user can do about it. */
    readonly fix?: string,
  ) {
    super(message);
  }
}
