import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agenticFamily } from './agentic.ts';
import { billingFamily } from './billing.ts';
import { cardsFamily } from './cards.ts';
import { cdrFamily } from './cdr.ts';
import { custodyFamily } from './custody.ts';
import { exchangeFamily } from './exchange.ts';
import type { FamilyModule } from './family.ts';
import { loyaltyFamily } from './loyalty.ts';
import { shortenerFamily } from './shortener.ts';
import type { Rule } from '../rules/rule.ts';

/** The registry: one line per interface family. */
export const builtInFamilies = [
  billingFamily,
  exchangeFamily,
  custodyFamily,
  cdrFamily,
  cardsFamily,
  shortenerFamily,
  agenticFamily,
  loyaltyFamily,
] as const;

export type FamilyName = (typeof builtInFamilies)[number]['name'];

const registered: FamilyModule[] = [...builtInFamilies];

/** Every registered family, built-in first. */
export function families(): readonly FamilyModule[] {
  return registered;
}

export function familyByName(name: string): FamilyModule | undefined {
  return registered.find((family) => family.name === name);
}

/** Adds a family at run time (a plug-in outside this tree, or a self-test's throwaway family). */
export function registerFamily(family: FamilyModule): void {
  if (familyByName(family.name)) throw new Error(`A family named "${family.name}" is already registered`);
  registered.push(family);
}

/** Every rule of every registered family, in registry order. */
export function allRules(): readonly Rule<string, unknown>[] {
  return registered.flatMap((family) => family.rules as readonly Rule<string, unknown>[]);
}

/**
 * Registers the families of plug-in modules (their default export), e.g. from HARNESS_FAMILIES: paths
 * separated by commas. A family defined outside this tree needs no edit of a shared file.
 */
export async function registerPluginFamilies(paths: string): Promise<void> {
  for (const path of paths
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const module = (await import(pathToFileURL(resolve(path)).href)) as { default?: FamilyModule };
    const family = module.default;
    if (!family?.name || !family.rules || !family.reference)
      throw new Error(`${path} has no family module as its default export`);
    if (!familyByName(family.name)) registerFamily(family);
  }
}
