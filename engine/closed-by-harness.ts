import { isFinding } from './finding.ts';

/**
 * Why a test's error is the harness's own doing and no verdict on the target: an exchange it rests on met the
 * harness's own closed client (CLIENT_CLOSED, as the run winds down). Undefined for any other error.
 */
export function closedByHarness(error: unknown): string | undefined {
  const evidence = isFinding(error) ? error.evidence : [];
  const closed =
    evidence.some((exchange) => exchange.error?.code === 'CLIENT_CLOSED') ||
    (error instanceof Error && /\bCLIENT_CLOSED\b|UND_ERR_CLOSED/.test(error.message));
  return closed ? 'not run (deadline): the harness closed its own client while the test ran' : undefined;
}
