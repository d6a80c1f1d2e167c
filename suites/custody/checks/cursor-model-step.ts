import type { Exchange } from '../../../client/http-exchange.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';
import type { ListingSettings } from '../entry/section.ts';
import { cursorPageOf } from './cursor-page.ts';
import { itemKey } from './walk.ts';

/** What the model of the list says one step must answer. */
export interface ExpectedPage {
  /** The step, in words (e.g. "NEXT at size 7 to page 3 of 5"). */
  step: string;
  items: readonly string[];
  hasNext: boolean;
  hasPrevious: boolean;
}

/** One step of a command sequence agrees with the model: the same items in order and the same flags. */
export function cursorModelStep(
  observed: { exchange: Exchange; expected: ExpectedPage },
  listing?: ListingSettings,
): Verdict {
  const { exchange, expected } = observed;
  const page = cursorPageOf(exchange, listing);
  const items = page.result.map(itemKey);
  const sameItems =
    items.length === expected.items.length && items.every((item, index) => item === expected.items[index]);
  if (!sameItems)
    throw new Violation(
      `${expected.step}: ${items.length} items that differ from the ${expected.items.length} the full walk put on that page`,
      [exchange],
    );
  for (const flag of ['hasNext', 'hasPrevious'] as const) {
    if (page.cursor[flag] !== expected[flag])
      throw new Violation(`${expected.step}: ${flag} is ${page.cursor[flag]}, the model says ${expected[flag]}`, [
        exchange,
      ]);
  }
  return passed();
}
