/** A mac with its second-to-last significant character changed (the last may hold only padding bits); pure. */
export function alterNearEnd(mac: string): string {
  const at = mac.replace(/=+$/, '').length - 2;
  return mac.slice(0, at) + (mac[at] === 'A' ? 'B' : 'A') + mac.slice(at + 1);
}
