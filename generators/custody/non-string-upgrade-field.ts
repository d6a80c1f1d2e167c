import fc from 'fast-check';
import { upgradeFields } from '../../rules/custody/endpoints.ts';
import type { Gen, InvalidCase } from '../gen.ts';

const ruleId = 'custody.upgrade.string-fields';
// Not null: the real platform's gateway reads JSON null as the field absent (protojson), which "optional" allows.
const nonStrings: readonly unknown[] = [21000, 0, true, ['x'], { value: 'x' }];

const describe = (value: unknown) => (Array.isArray(value) ? 'an array' : typeof value);

/** An upgrade body whose one field holds a value that is not a string (number, boolean, array, object). */
export const nonStringUpgradeField: Gen<InvalidCase<Record<string, unknown>>> = {
  boundaries: upgradeFields.flatMap((field) =>
    nonStrings.map((value) => ({ value: { [field]: value }, breaks: ruleId, why: `${field} as ${describe(value)}` })),
  ),
  arbitrary: fc
    .tuple(
      fc.constantFrom(...upgradeFields),
      fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), fc.array(fc.string(), { maxLength: 2 })),
    )
    .map(([field, value]) => ({
      value: { implementationID: 'impl-1', [field]: value },
      breaks: ruleId,
      why: `${field} as ${describe(value)}`,
    })),
};
