/** Byte/text classification shared by the evidence renderers. */

/**
 * The body as UTF-8 text, or undefined when it is not valid UTF-8.
 * With `allowCutTail`, an incomplete sequence at the very end (a body truncated at the byte cap) is dropped instead
 * of making the whole body "binary".
 */
export function decodeUtf8Strict(bytes: Uint8Array, allowCutTail = false): string | undefined {
  try {
    // A fresh decoder per call: with stream:true it keeps state. ignoreBOM keeps the bytes faithful.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes, { stream: allowCutTail });
  } catch {
    return undefined;
  }
}

/** C0 controls, DEL and C1 controls. */
export function isControlChar(codePoint: number): boolean {
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint <= 0x9f);
}

/** `allowed` lists exceptions such as '\n'. */
export function hasControlChars(text: string, allowed = ''): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControlChar(code) && !allowed.includes(text[i] as string)) return true;
  }
  return false;
}
