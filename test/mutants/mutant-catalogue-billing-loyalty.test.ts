import { expect, test } from 'vitest';
import { builtInFamilies } from '../../families/index.ts';
import { catalogueFiles, describeMutantCatalogues } from './mutant-catalogue.ts';

describeMutantCatalogues(catalogueFiles.billingAndLoyalty);

test('the catalogue files together prove every built-in family, each once', () => {
  const named: string[] = Object.values(catalogueFiles).flat();
  expect([...named].sort()).toEqual(builtInFamilies.map((family) => family.name).sort());
});
