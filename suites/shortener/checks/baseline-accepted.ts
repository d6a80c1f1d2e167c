import type { Exchange } from '../../../client/http-exchange.ts';
import { mappingsStatuses } from '../../../rules/shortener/records.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';

/** The rule that judges whether plain valid entries are accepted at all. */
export const baselineRule = 'shortener.mappings.accepted';

/**
 * A request of plain baseline entries that `askingRule` needs accepted. Refused, the target refuses valid
 * entries at all, which {@link baselineRule} judges: the asking rule is blocked by it (or fails, when it is
 * that rule). Accepted, the asking rule's own variant was what the target refused, and the rule judges it.
 */
export function baselineAccepted(baseline: Exchange): void {
  const status = baseline.response?.status;
  if (status === mappingsStatuses.accepted) return;
  throw new PrerequisiteMissing(
    [baselineRule],
    `a request of plain valid entries was answered ${status ?? baseline.error?.code ?? 'with no response'}, not ${mappingsStatuses.accepted}`,
    [baseline],
  );
}

/** Whether a target answered, with something other than acceptance (a transport error is not a refusal). */
export const refused = (exchange: Exchange): boolean =>
  exchange.response !== undefined && exchange.response.status !== mappingsStatuses.accepted;
