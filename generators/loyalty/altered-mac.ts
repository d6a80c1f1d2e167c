/** How the entry writes the mac: the encodings its `mac.encoding` allows. */
export type MacEncoding = 'base64' | 'hex';

/**
 * The mac with one bit of its last byte flipped, written back in the entry's encoding and the mac's own hex case:
 * a different VALUE however a target reads it (hex of either case, base64 padded or not), and equal to the right
 * mac up to its last byte, so a target comparing a prefix is caught; pure. A mac that does not decode is changed
 * in its last character instead.
 */
export function alterNearEnd(mac: string, encoding: MacEncoding): string {
  const bytes = Buffer.from(mac, encoding);
  if (bytes.length === 0) return `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 0x01;
  const written = bytes.toString(encoding);
  return encoding === 'hex' && mac === mac.toUpperCase() ? written.toUpperCase() : written;
}
