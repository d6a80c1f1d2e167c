/**
 * Allure 3's report templates (3.18) always embed Google Analytics: a `<script src>` from googletagmanager.com
 * and an inline `gtag(...)` block, with no setting to leave them out (allure-framework/allure3#476). A report
 * opened from a CI artifact must call no third party, so both scripts are cut out of the written HTML.
 */
const trackerLoader = /<script\b[^>]*\bsrc="https:\/\/www\.googletagmanager\.com\/[^"]*"[^>]*>\s*<\/script>\s*/g;
const trackerCalls = /<script>(?:(?!<\/script>)[\s\S])*?\bgtag\((?:(?!<\/script>)[\s\S])*?<\/script>\s*/g;

export function withoutTrackers(html: string): string {
  return html.replace(trackerLoader, '').replace(trackerCalls, '');
}

/** Remote addresses a page would load by itself (script, link, img, iframe sources): none may remain. */
export function remoteSources(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="(https?:\/\/[^"]+)"/g)].map((match) => match[1] as string);
}
