import fc from 'fast-check';
import { upgradeFields } from '../../rules/custody/endpoints.ts';
import type { Gen, InvalidCase } from '../gen.ts';

const ruleId = 'custody.upgrade.string-fields';
const nonStrings: readonly unknown[] = [21000, 0, true, null, ['x'], { value: 'x' }];

const describe = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value);

/** An upgrade body whose one field holds a value that is not a string (number, boolean, null, array, object). */
export const nonStringUpgradeField: Gen<InvalidCase<Record<string, unknown>>> = {
  boundaries: upgradeFields.flatMap((field) =>
    nonStrings.map((value) => ({ value: { [field]: value }, breaks: ruleId, why: `${field} as ${describe(value)}` })),
  ),
  arbitrary: fc
    .tuple(
      fc.constantFrom(...upgradeFields),
      fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 2 }),
      ),
    )
    .map(([field, value]) => ({
      value: { implementationID: 'impl-1', [field]: value },
      breaks: ruleId,
      why: `${field} as ${describe(value)}`,
    })),
};
