import { HarnessError } from '../core/harness-error.ts';
import type { OutgoingRequest } from '../client/http-exchange.ts';

/*
 * The request a curl line of the harness's evidence makes (client/evidence.ts writes them): `curl -X METHOD 'URL'
 * -H 'Name: value' ... --data-binary 'BODY'`, as the shell hands its words over. Only what those lines use is read;
 * anything else is a usage error naming it, so a line is never sent other than it reads.
 */

/** Flags curl lines of the evidence carry that change nothing of the request itself. */
const ignoredFlags = new Set(['-sS', '-s', '--silent', '-i', '--include', '-v', '--verbose', '--compressed', '-S']);

export function curlRequest(words: readonly string[]): OutgoingRequest {
  const [first, ...rest] = words;
  if (first !== 'curl')
    throw new HarnessError(
      'USAGE',
      `expected a curl line after --, got "${first ?? ''}"`,
      'paste the curl line of the evidence after --',
    );
  let method: string | undefined;
  let url: string | undefined;
  let body: string | undefined;
  const headers: Record<string, string> = {};
  for (let index = 0; index < rest.length; index += 1) {
    const word = rest[index] as string;
    const value = () => {
      const next = rest[index + 1];
      if (next === undefined) throw new HarnessError('USAGE', `${word} without its value`, 'paste the whole curl line');
      index += 1;
      return next;
    };
    if (word === '-X' || word === '--request') method = value();
    else if (word === '-H' || word === '--header') {
      const header = value();
      const colon = header.indexOf(':');
      if (colon <= 0)
        throw new HarnessError('USAGE', `the header "${header}" has no name`, 'give headers as "Name: value"');
      headers[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
    } else if (word === '--data-binary' || word === '--data-raw' || word === '-d' || word === '--data') {
      body = value();
      if (body.startsWith('@'))
        throw new HarnessError(
          'USAGE',
          'the body comes from a file or standard input (a gzip or binary body): harness sign sends text bodies only',
          'send that request with curl as printed, after setting its variables',
        );
    } else if (ignoredFlags.has(word)) continue;
    else if (word.startsWith('-'))
      throw new HarnessError(
        'USAGE',
        `curl option ${word} is not one harness sign reads`,
        'paste the curl line of the evidence as printed',
      );
    else if (url === undefined) url = word;
    else throw new HarnessError('USAGE', `a second URL "${word}" in the curl line`, 'paste one curl line');
  }
  if (url === undefined) throw new HarnessError('USAGE', 'the curl line has no URL', 'paste the whole curl line');
  return {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    url,
    headers,
    ...(body === undefined ? {} : { body }),
  };
}
