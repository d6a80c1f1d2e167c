import { z } from 'zod';

/** The mapping operation, relative to the shortener base address ("Endpoints", D). */
export const mappingsPath = '/mappings';

/** Domains of a short URL ("Resources", D. mappingRequest); `m` when none is given. */
export const shortenerDomains = ['m', 'go', 'bca.m', 't.m'] as const;
export type ShortenerDomain = (typeof shortenerDomains)[number];
export const defaultDomain: ShortenerDomain = 'm';

/** The only valid value of params `da.redirect.cache-control`. */
export const noStore = 'no-store';

/** Statuses the document lists for POST /mappings. */
export const mappingsStatuses = { accepted: 200, refused: 400 } as const;

/** An absolute URL a browser could follow: http or https with a host. */
export const longUrlSchema = z.string().refine((value) => {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}, 'not a valid URL');

const isoTimestamp = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/;

/** An ISO 8601 date and time with seconds and a zone (Z or an offset), in extended format; the date must exist. */
export const isoTimestampSchema = z.string().refine((value) => {
  const match = isoTimestamp.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 9, 10].map((index) =>
    Number(match[index] ?? 0),
  ) as number[];
  const lastDay = new Date(Date.UTC(year as number, month as number, 0)).getUTCDate();
  return (
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= lastDay &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offsetHours! <= 23 &&
    offsetMinutes! <= 59
  );
}, 'not an ISO 8601 timestamp');

/** `da.couch.retention`: a whole number of days, zero or more, written as a string. */
export const retentionSchema = z.string().regex(/^\d+$/, 'not a number of days, zero or more');

export const mappingParamsSchema = z.looseObject({
  campaignId: z.string().optional(),
  country: z.string().optional(),
  channel: z.string().optional(),
  'da.redirect.cache-control': z.literal(noStore).optional(),
  'da.couch.retention': retentionSchema.optional(),
});

/** One entry of the POST /mappings array. */
export const mappingRequestSchema = z.looseObject({
  longUrl: longUrlSchema,
  expDate: isoTimestampSchema,
  path: z.string().optional(),
  domain: z.enum(shortenerDomains).optional(),
  params: mappingParamsSchema.optional(),
  user: z.string().optional(),
  userGroup: z.string().optional(),
});
export type MappingRequest = z.infer<typeof mappingRequestSchema>;

/** One entry of the answer; the shape of shortUrl depends on the environment and is not judged. */
export const shortenResponseSchema = z.looseObject({
  longUrl: z.string(),
  shortUrl: z.string().min(1),
  expDate: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});

export const mappingsResponseSchema = z.looseObject({ mappings: z.array(shortenResponseSchema) });
export type MappingsResponse = z.infer<typeof mappingsResponseSchema>;
