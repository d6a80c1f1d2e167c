import { z } from 'zod';
import { serviceStatuses } from './enums.ts';
import { dateTime } from './product-schemas.ts';

/** `links` of a paginated list ("Envelope records", A); products are judged on their own by productIssues. */
export const listLinks = z.object({
  self: z.string(),
  first: z.string().optional(),
  prev: z.string().optional(),
  next: z.string().optional(),
  last: z.string().optional(),
});
export type ListLinks = z.infer<typeof listLinks>;

/** The product list response: data.products (may be empty), links, meta with string totals. */
export const listResponse = z.object({
  data: z.object({ products: z.array(z.unknown()) }),
  links: listLinks,
  meta: z.object({ totalRecords: z.string(), totalPages: z.string() }),
});
export type ListResponse = z.infer<typeof listResponse>;

/** The detail response: data, links with self only, meta optional. */
export const detailResponse = z.object({
  data: z.record(z.string(), z.unknown()),
  links: z.object({ self: z.string() }),
  meta: z.record(z.string(), z.unknown()).optional(),
});

/** The status response's data: the conditional fields are judged by their own rules. */
export const statusData = z.object({
  status: z.enum(serviceStatuses),
  updateTime: dateTime,
  explanation: z.string().optional(),
  detectionTime: dateTime.optional(),
  expectedResolutionTime: dateTime.optional(),
});
export const statusResponse = z.object({ data: statusData, meta: z.record(z.string(), z.unknown()).optional() });

/** ErrorV2: code, title and detail required; meta.urn for application-specific codes. */
export const errorV2 = z.object({
  code: z.string(),
  title: z.string(),
  detail: z.string(),
  meta: z.object({ urn: z.string().optional() }).optional(),
});
export type ErrorV2 = z.infer<typeof errorV2>;
export const errorResponse = z.object({ errors: z.array(errorV2).min(1) });

/** A standard error-code URN; any other code is application-specific and needs meta.urn. */
export const isStandardErrorUrn = (code: string) => /^urn:/i.test(code);
