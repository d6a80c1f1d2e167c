import { expect, test } from 'vitest';
import { phaseFigures, phaseLinesPerFamily, phaseText } from '../../core/stateful-phase-figures.ts';

test("a phase's figures read back from the text its rule observes, and add up per family", () => {
  expect(phaseFigures(phaseText({ sequences: 50, requests: 262 }))).toEqual({ sequences: 50, requests: 262 });
  expect(phaseFigures('something else')).toBeUndefined();
  const observed = (family: string, sequences: number, requests: number) => ({
    family,
    observations: { 'stateful phase': phaseText({ sequences, requests }) },
  });
  expect(
    phaseLinesPerFamily([
      observed('billing', 50, 100),
      observed('billing', 50, 200),
      { family: 'billing', observations: {} },
      observed('shortener', 50, 262),
    ]),
  ).toEqual(['billing: 100 sequences, 300 requests (2 rules)', 'shortener: 50 sequences, 262 requests (1 rule)']);
});
