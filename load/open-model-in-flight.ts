import type { Dispatcher } from 'undici';
import { keptBodyBytes } from './load-engine.ts';
import type { LoadRequest } from './scenario.ts';

/** What a request in flight reports to its run. */
export interface OpenRun {
  wentOut(at: number): void;
  answered(request: InFlight, answeredAt: number): void;
  failed(request: InFlight, error: Error & { code?: string }): void;
  wantsContent(status: number): boolean;
}

/**
 * A request in flight and its own dispatcher handler (undici's handler API: no promise or stream per request).
 * Reused once answered, so a run allocates as many as it has requests in flight at most, not one per request;
 * headers and body are kept only when the recorder needs them (a response rule, a status's first sample).
 */
export class InFlight implements Dispatcher.DispatchHandler {
  request!: LoadRequest;
  dueAt = 0;
  sentAt = 0;
  status = 0;
  headers: Record<string, string | string[] | undefined> = {};
  chunks: Buffer[] | undefined;
  /** Bytes of the body kept so far: at most keptBodyBytes. */
  keptBytes = 0;
  sentHeaders: Record<string, string> | undefined;

  constructor(private readonly run: OpenRun) {}

  reset(request: LoadRequest, dueAt: number, sentHeaders: Record<string, string> | undefined): void {
    this.request = request;
    this.dueAt = dueAt;
    this.sentAt = dueAt;
    this.status = 0;
    this.chunks = undefined;
    this.keptBytes = 0;
    this.sentHeaders = sentHeaders;
  }

  // Service time counts from when the request goes out on its connection (it may wait for one to free).
  onRequestStart(): void {
    this.sentAt = performance.now();
    this.run.wentOut(this.sentAt);
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: Record<string, string | string[] | undefined>,
  ): void {
    this.status = statusCode;
    if (this.run.wantsContent(statusCode)) {
      this.headers = headers;
      this.chunks = [];
    }
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (!this.chunks) return;
    const room = keptBodyBytes - this.keptBytes;
    if (room <= 0) return;
    const kept = chunk.length > room ? Buffer.from(chunk.subarray(0, room)) : chunk;
    this.chunks.push(kept);
    this.keptBytes += kept.length;
  }

  onResponseEnd(): void {
    this.run.answered(this, performance.now());
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error & { code?: string }): void {
    this.run.failed(this, error);
  }
}
