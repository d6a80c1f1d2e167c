/**
 * Adds an entry to the "targets" object of a targets file's text and leaves every other byte as it was (the user's
 * order, spacing, other entries): `harness init` never rewrites a file it adds to. The text is already known to be
 * JSON with a "targets" object (init-command.ts parses it first).
 */
export function insertTargetEntry(text: string, name: string, entry: unknown): string {
  const { open, close } = targetsObjectSpan(text);
  const inside = text.slice(open + 1, close);
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  // The closing brace's indentation: on a line of its own, that line's; else the line of the opening brace's.
  const openingLine = text.slice(text.lastIndexOf('\n', open) + 1, open);
  const closingIndent = (inside.includes('\n') ? /([ \t]*)$/.exec(inside) : /^([ \t]*)/.exec(openingLine))?.[1] ?? '';
  const unit = indentUnit(text);
  // The other entries' indentation, else one level deeper than the closing brace.
  const memberIndent = /\n([ \t]*)"/.exec(inside)?.[1] ?? closingIndent + unit;
  const rendered = JSON.stringify(entry, null, unit)
    .split('\n')
    .join(newline + memberIndent);
  const member = `${JSON.stringify(name)}: ${rendered}`;
  if (inside.trim() === '')
    return `${text.slice(0, open + 1)}${newline}${memberIndent}${member}${newline}${closingIndent}${text.slice(close)}`;
  const lastValueEnd = open + 1 + inside.trimEnd().length;
  return `${text.slice(0, lastValueEnd)},${newline}${memberIndent}${member}${text.slice(lastValueEnd)}`;
}

/** The indentation one level adds in the file (its first indented line's), two spaces when none is. */
function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

/** Offsets of the `{` and `}` of the top-level "targets" object. */
function targetsObjectSpan(text: string): { open: number; close: number } {
  let depth = 0;
  let key: string | undefined;
  let open = -1;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      const end = stringEnd(text, at);
      const word = JSON.parse(text.slice(at, end + 1)) as string;
      if (depth === 1 && /^\s*:/.test(text.slice(end + 1))) key = word;
      at = end;
    } else if (char === '{' || char === '[') {
      depth++;
      if (depth === 2 && key === 'targets' && char === '{') open = at;
    } else if (char === '}' || char === ']') {
      if (depth === 2 && open >= 0) return { open, close: at };
      depth--;
    }
  }
  throw new Error('no "targets" object in the file');
}

/** The offset of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at++) {
    if (text[at] === '\\') at++;
    else if (text[at] === '"') return at;
  }
  return text.length - 1;
}
