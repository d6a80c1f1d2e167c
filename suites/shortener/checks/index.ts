import { entryJudged } from './entry-judged.ts';
import { mappingsEcho } from './mappings-echo.ts';
import { mappingsResponse } from './mappings-response.ts';
import { vanitySequence } from './vanity-sequence.ts';

/** The checks only shortener rules cite. */
export const shortenerChecks = {
  'entry-judged': entryJudged,
  'mappings-echo': mappingsEcho,
  'mappings-response': mappingsResponse,
  'vanity-sequence': vanitySequence,
} as const;
