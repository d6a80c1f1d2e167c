/**
 * RFC 8259 (section 9) lets a parser limit the depth of nesting. No record of the documents nests more than
 * a dozen levels; a hostile body nested a million levels deep would cost hundreds of megabytes to parse (one
 * object per level) and every later walk or rendering of it. Such a body is read as not JSON.
 */
export const maxJsonDepth = 512;

/** The body nests arrays and objects deeper than `limit`: one pass over the text, strings skipped. */
export function nestsDeeperThan(text: string, limit = maxJsonDepth): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      // Skip the string, escapes included.
      for (index++; index < text.length; index++) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c) index++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** JSON.parse, refusing (SyntaxError) a text nested deeper than `maxJsonDepth`. */
export function parseJsonBounded(text: string): unknown {
  if (nestsDeeperThan(text))
    throw new SyntaxError(
      `JSON nested deeper than ${maxJsonDepth} levels is not read (RFC 8259 section 9 allows a parser this limit)`,
    );
  return JSON.parse(text);
}
