/**
 * Where in a text a JSON.parse error points, as line and column (1-based): Node's message names a character position
 * ("... at position 32"), which a reader cannot find in an editor. Undefined when the message names none.
 */
export function jsonErrorLocation(text: string, message: string): { line: number; column: number } | undefined {
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return undefined;
  const before = text.slice(0, Number(position));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
