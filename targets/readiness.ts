import { request } from 'undici';
import type { RecentLines } from './output-lines.ts';

/** When a started target counts as ready: a line of its output matches, or a URL answers anything. */
export interface ReadinessSpec {
  linePattern?: string;
  httpGet?: string;
  timeoutMs: number;
}

/** What a readiness wait watches besides the spec: the target's output, and why it ended if it did. */
export interface ReadinessSource {
  lines: RecentLines;
  /** Resolves with why the target is gone (it exited, it could not be started) if that happens first. */
  gone: Promise<string>;
  /** Aborting gives up at once (a signal arrived while the target started). */
  abort?: AbortSignal;
}

/** Resolves once the target is ready; rejects with why not (timeout, gone, aborted). */
export function waitUntilReady(spec: ReadinessSpec, source: ReadinessSource): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let poll: NodeJS.Timeout | undefined;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      source.abort?.removeEventListener('abort', aborted);
      if (error) reject(error);
      else resolve();
    };
    const aborted = () => finish(new Error('start abandoned: the run was interrupted'));
    if (source.abort?.aborted) return aborted();
    source.abort?.addEventListener('abort', aborted);
    timer = setTimeout(() => finish(new Error(`not ready after ${spec.timeoutMs} ms`)), spec.timeoutMs);
    void source.gone.then((why) => finish(new Error(why)));
    const pattern = spec.linePattern === undefined ? undefined : new RegExp(spec.linePattern);
    if (pattern) {
      if (source.lines.last().some((line) => pattern.test(line))) finish();
      source.lines.onLine((line) => pattern.test(line) && finish());
    }
    poll = setInterval(() => {
      if (!spec.httpGet) return;
      request(spec.httpGet, { headersTimeout: 1000, bodyTimeout: 1000 })
        .then((response) => response.body.dump().then(() => finish()))
        .catch(() => {});
    }, 100);
  });
}
