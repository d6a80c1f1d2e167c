import fc from 'fast-check';
import { upgradeFields } from '../../rules/custody/endpoints.ts';
import type { Gen } from '../gen.ts';

type UpgradeBody = Partial<Record<(typeof upgradeFields)[number], string>>;

const fieldValue = fc.oneof(
  fc.constantFrom('', '0x5FbDB2315678afecb367f032d93F642f64180aa3', '21000', '30000000000'),
  fc.string({ maxLength: 64 }),
);

/**
 * Upgrade bodies with any subset of the four optional string fields: none, each alone, all four, then random subsets.
 */
export const upgradeBody: Gen<UpgradeBody> = {
  boundaries: [
    {},
    ...upgradeFields.map((field) => ({ [field]: 'value-1' })),
    { implementationID: 'impl-2', fromAddressID: 'addr-9', gasPrice: '30000000000', gasLimit: '21000' },
  ],
  arbitrary: fc.record(
    Object.fromEntries(upgradeFields.map((field) => [field, fieldValue])) as Record<
      keyof UpgradeBody,
      typeof fieldValue
    >,
    { requiredKeys: [] },
  ),
};
