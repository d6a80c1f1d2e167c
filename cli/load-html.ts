/**
 * `--html`: the Allure HTML report of the reports folder written after a load run that reached a verdict (as `harness
 * run --html` does), so a load run needs no separate `harness report`.
 */
export async function withHtmlReport(code: number, html: boolean, reportsDir: string): Promise<number> {
  if (!html || code === 2) return code;
  const [{ buildReport }, { reportsPaths }] = await Promise.all([import('./report-cli.ts'), import('../run/paths.ts')]);
  await buildReport(reportsPaths(reportsDir), undefined);
  return code;
}
