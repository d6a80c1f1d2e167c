import { catalogueFiles, describeMutantCatalogues } from './mutant-catalogue.ts';

describeMutantCatalogues(catalogueFiles.cardsAgenticAndShortener);
