import { z } from 'zod';

/**
 * `followOrigins` of a family section: origins besides the base URL's that links the target hands back may
 * point at and the harness may request (a holder behind a gateway names its public host). Default: none.
 */
export const followOriginsSchema = z
  .array(
    z.url().refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
      message: 'give an origin only: scheme://host[:port], no path, query or credentials',
    }),
  )
  .default([]);

export const followOriginsFix =
  'list origins only, e.g. ["https://api.holder.example"]; links elsewhere are never requested';
