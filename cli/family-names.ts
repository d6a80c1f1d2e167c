/** The families' names as a help text's choice (`cdr|cards|...`); the registry is imported only when help asks. */
export async function familyNames(): Promise<string> {
  const { families } = await import('../families/index.ts');
  return families()
    .map((family) => family.name)
    .join('|');
}
