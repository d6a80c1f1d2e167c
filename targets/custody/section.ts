import { z } from 'zod';
import { releaseLines } from '../../rules/custody/endpoints.ts';

/** `families.custody` of a target entry: the custody platform of document 3, part C. */
export const custodySectionSchema = z
  .object({
    /** The custody base address; the /api/rest/... paths are relative to it. */
    baseUrl: z.url(),
    /** Bearer token (its issuance is not shown in the spec); write it as a ${VAR} placeholder. */
    token: z.string().min(1),
    /** Release line the target implements, recorded in the report. Default '3.58'. */
    releaseLine: z.enum(releaseLines).default('3.58'),
    /** A tag id that exists, for /api/rest/v1/statistics/tags/{tagID}. */
    tagId: z.string().min(1),
    /** A contract instance id for the EVM proxy upgrade. */
    contractInstanceId: z.string().min(1),
    /** The target binds a cursor token to its page size: a token used with another size is foreign. Default false. */
    tokenBindsPageSize: z.boolean().default(false),
    /** Upper bound on the pages of one walk (a target that never ends fails, never loops). Default 2000. */
    maxWalkPages: z.number().int().positive().default(2000),
  })
  .strict();

export type CustodySection = z.infer<typeof custodySectionSchema>;

export const custodyConfigFixes: Record<string, string> = {
  baseUrl: 'give the custody base address, e.g. "http://127.0.0.1:8080/custody"',
  token: 'write "${YOUR_CUSTODY_TOKEN_VARIABLE}" and export the variable; never put the token in the file',
  releaseLine: `use one of ${releaseLines.join(', ')}`,
};
