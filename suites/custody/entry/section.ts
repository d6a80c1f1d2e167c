import { z } from 'zod';
import { walkBoundsFields } from '../../../targets/walk-bounds.ts';
import { custodyListingPaths, releaseLines } from '../../../rules/custody/endpoints.ts';

/**
 * What one listing of a real custody platform does differently from document 3's records; every default is the
 * document's. The platform's published API description has listings whose items sit under `results` or
 * `balances`, a listing that takes `requestCursor.*` parameters, and an export whose result is a string.
 */
export const listingSettingsSchema = z
  .object({
    /** Key of the page's items. Default "result". */
    itemsKey: z.string().min(1).default('result'),
    /** Prefix of the cursor query parameters: "cursor." (default) or "requestCursor.". */
    cursorPrefix: z.enum(['cursor.', 'requestCursor.']).default('cursor.'),
    /**
     * "items" (default): the items are an array; "string": the result is one string (an export), its items are not
     * counted.
     */
    result: z.enum(['items', 'string']).default('items'),
    /**
     * Dotted path of an error's code in the error body ("code", "errors.0.code"); default: anywhere in the body (its
     * shape is not shown).
     */
    errorCodeAt: z.string().min(1).optional(),
  })
  .strict();

export type ListingSettings = z.infer<typeof listingSettingsSchema>;

/** The settings of one listing: the entry's, else document 3's defaults. */
export function listingSettingsOf(
  section: { listings: Partial<Record<string, ListingSettings>> },
  endpoint: string,
): ListingSettings {
  return section.listings[endpoint] ?? listingSettingsSchema.parse({});
}

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
    ...walkBoundsFields,
    /**
     * Settings per listing path (the document's path template, e.g. "/api/rest/v1/balances"); unnamed listings keep the
     * defaults.
     */
    listings: z.partialRecord(z.enum(custodyListingPaths), listingSettingsSchema).default({}),
  })
  .strict();

export type CustodySection = z.infer<typeof custodySectionSchema>;

export const custodyConfigFixes: Record<string, string> = {
  baseUrl: 'give the custody base address, e.g. "http://127.0.0.1:8080/custody"',
  token: 'write "${YOUR_CUSTODY_TOKEN_VARIABLE}" and export the variable; never put the token in the file',
  releaseLine: `use one of ${releaseLines.join(', ')}`,
};
