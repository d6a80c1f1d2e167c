import { HarnessError } from '../../core/harness-error.ts';
import { csvOutput } from './csv-output.ts';
import { jsonOutput } from './json-output.ts';
import type { Output } from './output.ts';
import { PrometheusRemoteWrite } from './prometheus-remote-write.ts';

/*
 * `--out KIND=WHERE`, given once per sink (several at once): json=FILE and csv=FILE (k6's sample lines; a relative
 * path from the current directory) and prometheus=URL (remote write, http or https).
 */

const accepted =
  'give --out json=FILE, --out csv=FILE or --out prometheus=URL (e.g. http://127.0.0.1:9090/api/v1/write); repeat --out for several sinks';

const kinds = {
  json: (description: string, where: string) => jsonOutput(description, where),
  csv: (description: string, where: string) => csvOutput(description, where),
  prometheus: (description: string, where: string) => {
    let url: URL | undefined;
    try {
      url = new URL(where);
    } catch {}
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
      throw new HarnessError('USAGE', `--out ${description}: ${JSON.stringify(where)} is not an http(s) URL`, accepted);
    return new PrometheusRemoteWrite(description, url.href);
  },
} as const;

/** One `--out` value as its sink; anything but the accepted forms is a USAGE error naming --out. */
export function parseOutOption(value: string): Output {
  const separator = value.indexOf('=');
  const kind = separator > 0 ? value.slice(0, separator) : value;
  const where = separator > 0 ? value.slice(separator + 1) : '';
  if (!Object.hasOwn(kinds, kind))
    throw new HarnessError('USAGE', `--out ${JSON.stringify(value)}: unknown output "${kind}"`, accepted);
  if (where === '')
    throw new HarnessError(
      'USAGE',
      `--out ${JSON.stringify(value)}: ${kind} needs =${kind === 'prometheus' ? 'URL' : 'FILE'}`,
      accepted,
    );
  return kinds[kind as keyof typeof kinds](value, where);
}

/** Every `--out` of a command line (none: an empty list). */
export function parseOutOptions(values: readonly string[] | undefined): Output[] {
  return (values ?? []).map(parseOutOption);
}
