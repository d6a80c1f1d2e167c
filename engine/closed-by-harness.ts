import { isFinding } from './finding.ts';
import type { SettledThrow } from './settled-verdict.ts';

/**
 * Why a test's error is the harness's own doing and no verdict on the target: an exchange it rests on met the
 * harness's own closed client (CLIENT_CLOSED, as the run winds down). `settled`: what the error came to for the rule,
 * when it is a finding. Undefined for any other error.
 */
export function closedByHarness(error: unknown, settled?: SettledThrow): string | undefined {
  const evidence = settled?.evidence ?? (isFinding(error) ? error.evidence : []);
  const message = settled?.message ?? (error instanceof Error ? error.message : undefined);
  const closed =
    evidence.some((exchange) => exchange.error?.code === 'CLIENT_CLOSED') ||
    (message !== undefined && /\bCLIENT_CLOSED\b|UND_ERR_CLOSED/.test(message));
  return closed ? 'not run (deadline): the harness closed its own client while the test ran' : undefined;
}
