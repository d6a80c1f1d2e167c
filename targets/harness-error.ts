/** Stable codes for errors of the harness itself (exit code 2), matched on by users, never on messages. */
export type HarnessErrorCode =
  | 'CONFIG_NOT_FOUND'
  | 'CONFIG_INVALID'
  | 'ENV_MISSING'
  | 'TARGET_UNKNOWN'
  | 'TARGET_START_FAILED'
  | 'ENGINE_UNREACHABLE'
  | 'USAGE'
  | 'PORT_IN_USE'
  | 'REPORT_FAILED'
  | 'RUN_FAILED'
  | 'PREFLIGHT_FAILED';

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
