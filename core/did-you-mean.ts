/** Edit distance between two short strings (keys, names). */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

/** The closest known name, when it is close enough to be a likely typo. */
export function didYouMean(input: string, known: readonly string[]): string | undefined {
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const score = distance(input.toLowerCase(), name.toLowerCase());
    if (!best || score < best.score) best = { name, score };
  }
  return best && best.score <= Math.max(2, Math.floor(input.length / 3)) ? best.name : undefined;
}
