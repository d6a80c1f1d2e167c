import { request } from 'undici';
import { DeliveryCount, type LabelledResult, type Output, type OutputDelivery } from './output.ts';
import { operationSeries, type PrometheusSeries } from './prometheus-series.ts';
import { remoteWriteBody, remoteWriteHeaders } from './remote-write-request.ts';

/** Options of the remote-write sink. */
export interface RemoteWriteOptions {
  /** The most samples in one request (a series is never split). Default 10,000. */
  samplesPerRequest?: number;
  /** How long one request may take before its samples count as lost. Default 10 s. */
  requestTimeoutMs?: number;
}

const samplesIn = (series: readonly PrometheusSeries[]) =>
  series.reduce((total, { samples }) => total + samples.length, 0);

/** The series in requests of at most `limit` samples each, every series whole and in order. */
export function requestsOf(series: readonly PrometheusSeries[], limit: number): PrometheusSeries[][] {
  const requests: PrometheusSeries[][] = [];
  let current: PrometheusSeries[] = [];
  let size = 0;
  for (const one of series) {
    if (current.length && size + one.samples.length > limit) {
      requests.push(current);
      current = [];
      size = 0;
    }
    current.push(one);
    size += one.samples.length;
  }
  if (current.length) requests.push(current);
  return requests;
}

/** Why a request was refused, in a line: the status and the first line of the body. */
function refusal(status: number, body: string): string {
  const line = body.split('\n')[0]?.slice(0, 200);
  return `HTTP ${status}${line ? `: ${line}` : ''}`;
}

/**
 * `--out prometheus=URL`: each operation's series sent by Prometheus remote write (POST to URL, e.g.
 * http://127.0.0.1:9090/api/v1/write of a Prometheus started with --web.enable-remote-write-receiver) as the
 * operation ends. A refused request (non-2xx: out-of-order samples, a bad label) loses its samples and the next ones
 * are still sent; a sink that cannot be reached (connection refused, a timeout) is not tried again in this run, and
 * every sample after it counts as lost.
 */
export class PrometheusRemoteWrite implements Output {
  readonly #count: DeliveryCount;
  readonly #samplesPerRequest: number;
  readonly #timeoutMs: number;
  #unreachable: string | undefined;

  constructor(
    readonly description: string,
    private readonly url: string,
    options: RemoteWriteOptions = {},
  ) {
    this.#count = new DeliveryCount(description);
    this.#samplesPerRequest = options.samplesPerRequest ?? 10_000;
    this.#timeoutMs = options.requestTimeoutMs ?? 10_000;
  }

  async add(labelled: LabelledResult): Promise<void> {
    for (const batch of requestsOf(operationSeries(labelled), this.#samplesPerRequest)) await this.#send(batch);
  }

  async stop(): Promise<OutputDelivery> {
    return this.#count.delivery;
  }

  async #send(series: PrometheusSeries[]): Promise<void> {
    const samples = samplesIn(series);
    if (this.#unreachable) return this.#count.lose(samples, this.#unreachable);
    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(this.url, {
        method: 'POST',
        headers: { ...remoteWriteHeaders, 'User-Agent': 'api-conformance-harness' },
        body: remoteWriteBody(series),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      const { code, message } = error as Error & { code?: string };
      this.#unreachable = `cannot reach ${this.url}: ${code ?? message}`;
      return this.#count.lose(samples, this.#unreachable);
    }
    const body = await answer.body.text().catch(() => '');
    if (answer.statusCode >= 200 && answer.statusCode < 300) this.#count.delivered += samples;
    else this.#count.lose(samples, `${this.url} refused a request: ${refusal(answer.statusCode, body)}`);
  }
}
