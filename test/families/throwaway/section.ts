import { z } from 'zod';

/** The throwaway family's section of a target entry: where it is served. */
export const throwawaySection = z.object({ baseUrl: z.url() }).strict();
export type ThrowawaySection = z.infer<typeof throwawaySection>;
