/**
 * Values program_code must refuse, made from the codes the network accepts (the document's placeholders, or the
 * entry's own): the first in lower case, a code one past the list, a code cut short, padded, empty, not a string.
 * Boundaries first; never one of the accepted codes.
 */
export function notAProgramCode(codes: readonly string[]): unknown[] {
  const first = codes[0] as string;
  const cut = first.slice(0, first.lastIndexOf('_'));
  const candidates: unknown[] = [
    first.toLowerCase(),
    `${codes.at(-1) as string}_9`,
    cut,
    first.slice(first.indexOf('_') + 1),
    ` ${first}`,
    '',
    1,
  ];
  return candidates.filter((value) => !codes.includes(value as string));
}
