import type { VanityStep } from '../checks/vanity-sequence.ts';
import type { ShortenerClient } from '../client/shortener-client.ts';
import type { MappingRequest } from '../../../rules/shortener/records.ts';
import type { RuleId } from '../../../rules/rule-id.ts';

/** A fresh vanity path is accepted: the accepted rule judges that (path is one of its optional fields). */
export const freshPathJudgedBy: readonly RuleId[] = ['shortener.mappings.accepted'];

/** One request of a vanity sequence: the entries asking for paths (valid otherwise) and what the rule expects. */
export interface PlannedStep {
  entries: readonly Partial<MappingRequest>[];
  accepted: boolean;
  why: string;
  /** The rules that judge this step when it is another rule's property (see VanityStep). */
  judgedBy?: readonly RuleId[];
}

/** Sends the steps one after the other (each depends on the paths the ones before took). */
export async function sendSteps(
  client: ShortenerClient,
  nowMs: number,
  steps: readonly PlannedStep[],
): Promise<VanityStep[]> {
  const expDate = new Date(nowMs + 7 * 86_400_000).toISOString();
  const sent: VanityStep[] = [];
  for (const step of steps) {
    const body = step.entries.map((entry, index) => ({
      longUrl: `https://example.com/vanity/${index}`,
      expDate,
      ...entry,
    }));
    sent.push({
      exchange: await client.map(body),
      accepted: step.accepted,
      why: step.why,
      ...(step.judgedBy ? { judgedBy: step.judgedBy } : {}),
    });
  }
  return sent;
}
