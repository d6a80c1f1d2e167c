import { z } from 'zod';

/** The cursor of a page ("Resources", C. Cursor pagination records). */
export const cursorSchema = z.object({ currentPage: z.string(), hasNext: z.boolean(), hasPrevious: z.boolean() });

/** A cursor-paginated response ("Resources", C. Cursor pagination records); item fields are not shown. */
export const cursorPageSchema = z.object({
  result: z.array(z.unknown()),
  cursor: cursorSchema,
});

export type CursorPage = z.infer<typeof cursorPageSchema>;

/** The upgrade response: `result` is an object when present; its fields are not shown. */
export const upgradeResponseSchema = z.object({ result: z.record(z.string(), z.unknown()).optional() });
