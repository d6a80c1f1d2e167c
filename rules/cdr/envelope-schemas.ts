import { z } from 'zod';
import { serviceStatuses } from './enums.ts';
import { dateTime, pageTotal, uriString } from './standard-types.ts';

/** The link names of LinksPaginated ("Envelope records", A; the standard's Pagination). */
export const listLinkNames = ['self', 'first', 'prev', 'next', 'last'] as const;
export type ListLinkName = (typeof listLinkNames)[number];

/** LinksPaginated: self mandatory, the others conditional (their presence is judged by the links rules). */
export const listLinks = z.object({
  self: uriString,
  first: uriString.optional(),
  prev: uriString.optional(),
  next: uriString.optional(),
  last: uriString.optional(),
});

/**
 * The product list response, as cdr.list.envelope judges it: products (judged by the record rules), links an
 * object (each link is judged by the links rules), MetaPaginated.
 */
export const listResponse = z.object({
  data: z.object({ products: z.array(z.unknown()) }),
  links: z.record(z.string(), z.unknown()),
  meta: z.object({ totalRecords: pageTotal, totalPages: pageTotal }),
});

/**
 * The standard's Meta (detail and status responses): an empty object ("Properties: None"; document 3: "meta is optional
 * and empty").
 */
export const emptyMeta = z.object({}).strict();

/** The detail response: data, links with self only, meta optional and empty. */
export const detailResponse = z.object({
  data: z.record(z.string(), z.unknown()),
  links: z.object({ self: z.string() }),
  meta: emptyMeta.optional(),
});

/**
 * ResponseCommonDiscoveryStatus's data: explanation is conditional (its own rule); detectionTime and
 * expectedResolutionTime are SHOULD-level (observed).
 */
export const statusData = z.object({
  status: z.enum(serviceStatuses),
  updateTime: dateTime,
  explanation: z.string().optional(),
  detectionTime: dateTime.optional(),
  expectedResolutionTime: dateTime.optional(),
});
/**
 * ResponseCommonDiscoveryStatus (Get Status x-v 1): data, links.self (mandatory in the standard), meta optional and
 * empty.
 */
export const statusResponse = z.object({
  data: statusData,
  links: z.object({ self: uriString }),
  meta: emptyMeta.optional(),
});

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
