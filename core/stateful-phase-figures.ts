/*
 * What a stateful phase ran, as its rule observes it ("50 sequence(s), 262 request(s)") and as the summaries add it up
 * per family: one wording, written and read here.
 */

/** The observation a rule with a stateful phase records. */
export const phaseObservation = 'stateful phase';

/** Sequences generated and requests sent by one phase, shrinking included. */
export interface PhaseFigures {
  sequences: number;
  requests: number;
}

export const phaseText = ({ sequences, requests }: PhaseFigures) => `${sequences} sequence(s), ${requests} request(s)`;

/** The figures back from an observation's text; undefined for anything else. */
export function phaseFigures(observed: unknown): PhaseFigures | undefined {
  const match = typeof observed === 'string' ? /^(\d+) sequence\(s\), (\d+) request\(s\)$/.exec(observed) : null;
  return match ? { sequences: Number(match[1]), requests: Number(match[2]) } : undefined;
}

/** Per family, the phases its rules ran, added up: "billing: 3 rules, 150 sequences, 526 requests". */
export function phaseLinesPerFamily(
  rules: readonly { family: string; observations?: Record<string, unknown> }[],
): string[] {
  const byFamily = new Map<string, PhaseFigures & { rules: number }>();
  for (const rule of rules) {
    const figures = phaseFigures(rule.observations?.[phaseObservation]);
    if (!figures) continue;
    const sum = byFamily.get(rule.family) ?? { rules: 0, sequences: 0, requests: 0 };
    byFamily.set(rule.family, {
      rules: sum.rules + 1,
      sequences: sum.sequences + figures.sequences,
      requests: sum.requests + figures.requests,
    });
  }
  return [...byFamily].map(
    ([family, sum]) =>
      `${family}: ${sum.sequences} sequences, ${sum.requests} requests (${sum.rules} rule${sum.rules === 1 ? '' : 's'})`,
  );
}
