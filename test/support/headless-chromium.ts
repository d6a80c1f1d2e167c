import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The headless Chromium on this machine, or undefined (tests that need it skip, saying so). */
export function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    const found = spawnSync('which', [name], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim()) return found.stdout.trim();
  }
  return undefined;
}

/** Flags for a throwaway, quiet browser: no sandbox (root in CI), no network of its own, a fresh profile. */
function flags(profile: string): string[] {
  return [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${profile}`,
    '--virtual-time-budget=8000',
  ];
}

/** The DOM of a file opened from disk after its scripts ran (what a reader's browser would show). */
export function renderedDom(chromium: string, file: string): string {
  const profile = mkdtempSync(join(tmpdir(), 'harness-chromium-'));
  try {
    const result = spawnSync(chromium, [...flags(profile), '--dump-dom', pathToFileURL(file).href], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return result.stdout ?? '';
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The netlog Chromium wrote, whole or cut off at exit (its closing brackets missing). */
function readNetLog(file: string): { events: { params?: Record<string, unknown> }[] } {
  const text = readFileSync(file, 'utf8').trim();
  try {
    return JSON.parse(text) as { events: { params?: Record<string, unknown> }[] };
  } catch {
    return JSON.parse(`${text.replace(/,$/, '')}]}`) as { events: { params?: Record<string, unknown> }[] };
  }
}

/**
 * Every URL a file opened from disk asked the network for while its scripts ran, read from Chromium's net log.
 * The page's own requests are those in the file:// network partition; the browser's own (time sync, account
 * checks) are in others and are left out, so what remains is what a reader's browser would send for the page.
 */
export function pageRequests(chromium: string, file: string): string[] {
  const profile = mkdtempSync(join(tmpdir(), 'harness-chromium-'));
  const netLog = join(profile, 'net-log.json');
  try {
    spawnSync(chromium, [...flags(profile), `--log-net-log=${netLog}`, '--dump-dom', pathToFileURL(file).href], {
      encoding: 'utf8',
      timeout: 60_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    const fromPage = readNetLog(netLog).events.filter((event) =>
      String(event.params?.network_isolation_key ?? '').startsWith('file://'),
    );
    return [...new Set(fromPage.map((event) => String(event.params?.url ?? '')).filter(Boolean))];
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
