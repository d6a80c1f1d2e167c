import { z } from 'zod';

/** `families.shortener` of a target entry: the URL shortening interface of document 2, part D. */
export const shortenerSectionSchema = z
  .object({
    /** The shortener base address ({shortener_base_url}, the environment under test); /mappings is relative to it. */
    baseUrl: z.url(),
    /**
     * Bearer token sent on every request when given (the document does not show how the operation authenticates); write
     * it as a ${VAR} placeholder. Default: none.
     */
    token: z.string().min(1).optional(),
  })
  .strict();

export type ShortenerSection = z.infer<typeof shortenerSectionSchema>;

export const shortenerConfigFixes: Record<string, string> = {
  baseUrl: 'give the shortener base address, e.g. "http://127.0.0.1:8080/shortener"',
  token: 'write "${YOUR_SHORTENER_TOKEN_VARIABLE}" and export the variable; never put the token in the file',
};
