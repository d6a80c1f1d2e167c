import { z } from 'zod';
import { walkBoundsFields } from '../../../targets/walk-bounds.ts';
import { cdrOperations } from '../../../rules/cdr/endpoints.ts';
import { followOriginsFix, followOriginsSchema } from '../../../targets/follow-origins.ts';

/**
 * The versions served of one operation; an empty list says the holder does not serve it (its rules are not applicable).
 */
const versions = (documented: number) => z.array(z.number().int().positive()).default([documented]);

/** `families.cdr` of a target entry: the open-banking product data of document 3, part A. */
export const cdrSectionSchema = z
  .object({
    /**
     * The data holder's base address ({cdr_base_url}); /v1/banking/products and /v1/discovery/status are relative to
     * it.
     */
    baseUrl: z.url(),
    /**
     * Bearer token sent on every request when given (its issuance is not shown); write it as a ${VAR} placeholder.
     * Default: none.
     */
    token: z.string().min(1).optional(),
    /**
     * Endpoint versions the target serves per operation ([] for one it does not serve). Default: the documented ones,
     * list [5], detail [7], status [1].
     */
    versions: z
      .object({
        list: versions(cdrOperations.list.version),
        detail: versions(cdrOperations.detail.version),
        status: versions(cdrOperations.status.version),
      })
      .strict()
      .default({
        list: [cdrOperations.list.version],
        detail: [cdrOperations.detail.version],
        status: [cdrOperations.status.version],
      }),
    /** The status a page past the last must get (the document lists 422 without saying when). Default: any 4xx. */
    pastLastPageStatus: z.number().int().min(400).max(499).optional(),
    /**
     * Origins besides the base URL's that the holder's links may point at and the harness may follow (a holder behind a
     * gateway). Default: none.
     */
    followOrigins: followOriginsSchema,
    ...walkBoundsFields,
    /**
     * Products whose effective window opens or closes this close to the run's clock are not judged by the effective
     * filter (clock skew). Default 300000 (5 minutes).
     */
    clockMarginMs: z.number().int().min(0).default(300_000),
  })
  .strict();

export type CdrSection = z.infer<typeof cdrSectionSchema>;

export const cdrConfigFixes: Record<string, string> = {
  baseUrl: 'give the data holder base address, e.g. "http://127.0.0.1:8080/cdr"',
  token: 'write "${YOUR_CDR_TOKEN_VARIABLE}" and export the variable; never put the token in the file',
  versions: 'give the versions served per operation, e.g. { "list": [4, 5], "detail": [7], "status": [1] }',
  followOrigins: followOriginsFix,
  pastLastPageStatus: 'give the 4xx the target answers for a page past the last, e.g. 422',
};
