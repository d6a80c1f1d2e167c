/**
 * Shell quoting for the rendered curl command. Everything stays on one line:
 * printable text -> '...'; anything else -> $'...' with \xNN escapes (bash/zsh/ksh), or, for bodies, a printf
 * format with octal escapes, which POSIX sh understands and which can carry NUL bytes.
 */
import { decodeUtf8Strict, hasControlChars, isControlChar } from './bytes.ts';

const NAMED_ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The bytes as text if they can be written inside plain single quotes on one line. */
export function printableText(bytes: Uint8Array): string | undefined {
  const text = decodeUtf8Strict(bytes);
  return text !== undefined && !hasControlChars(text) ? text : undefined;
}

/** POSIX single quotes; an embedded quote becomes '\''. */
export function singleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word of a command line: as it is when the shell would read it unchanged, else single-quoted. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(text) ? text : singleQuote(text);
}

/** One shell word producing exactly `bytes`: '...' when printable, else $'...'. */
export function quoteBytes(bytes: Uint8Array): string {
  const text = printableText(bytes);
  return text !== undefined ? singleQuote(text) : escapeWord(bytes, 'ansi-c');
}

/** A quoted printf format string that prints exactly `bytes` (use as `printf <format>`). */
export function printfFormat(bytes: Uint8Array): string {
  return escapeWord(bytes, 'printf');
}

type EscapeStyle = 'ansi-c' | 'printf';

function escapeWord(bytes: Uint8Array, style: EscapeStyle): string {
  // Valid UTF-8 keeps its readable non-ASCII characters; otherwise every byte >= 0x80 is escaped.
  const text = decodeUtf8Strict(bytes);
  const chars = text ?? Buffer.from(bytes).toString('latin1');
  let out = '';
  for (const ch of chars) {
    const codePoint = ch.codePointAt(0) as number;
    if (ch === "'") out += style === 'printf' ? `'\\''` : `\\'`;
    else if (ch === '\\') out += '\\\\';
    else if (ch === '%' && style === 'printf') out += '%%';
    else if (NAMED_ESCAPES[ch] !== undefined) out += NAMED_ESCAPES[ch];
    else if (isControlChar(codePoint) || (text === undefined && codePoint >= 0x80)) {
      const raw = text === undefined ? [codePoint] : Buffer.from(ch, 'utf8');
      for (const byte of raw) out += escapeByte(byte, style);
    } else out += ch;
  }
  return style === 'printf' ? `'${out}'` : `$'${out}'`;
}

function escapeByte(byte: number, style: EscapeStyle): string {
  return style === 'printf' ? `\\${byte.toString(8).padStart(3, '0')}` : `\\x${byte.toString(16).padStart(2, '0')}`;
}
