import { PrerequisiteMissing } from '../../engine/rule-blocked.ts';
import type { Verdict } from '../../engine/rule-violation.ts';
import { baselineAccepted, refused } from './checks/baseline-accepted.ts';
import { mappingRequest } from '../../generators/shortener/mapping-request.ts';
import { formVariantsRequest, plainRequest } from '../../generators/shortener/plain-entry.ts';
import { notAnEntryArray } from '../../generators/shortener/not-an-entry-array.ts';
import { mappingsStatuses } from '../../rules/shortener/records.ts';
import { forAll } from '../support/for-all.ts';
import { withFreshPaths } from './support/fresh-path.ts';
import { ruleTest, useShortenerSession } from './support/shortener-session.ts';

const session = useShortenerSession();

ruleTest('shortener.mappings.accepted', async ({ observe, check }) => {
  const { client, property, nowMs, run } = session();
  let shortUrl: unknown;
  const cases = await forAll(mappingRequest(nowMs), property({ runs: Math.ceil(run.runs / 2) }), async (entries) => {
    const verdict = check(await client.map(withFreshPaths(entries)));
    shortUrl ??= verdict.observations?.['shortUrl example'];
  });
  observe('requests sent', cases);
  // The shape of shortUrl depends on the environment: one is shown, none is judged.
  observe('shortUrl example', shortUrl);
  // An empty array is neither allowed nor forbidden by the document: what the target does is reported.
  observe('empty array answered', (await client.map([])).response?.status ?? 'no response');
});

ruleTest('shortener.mappings.one-per-entry-in-order', async ({ check }) => {
  const { client, property, nowMs, run } = session();
  // Plain entries: the variants of optional fields are the accepted rule's, of the other fields their rules'.
  await forAll(plainRequest(nowMs), property({ runs: Math.ceil(run.runs / 2) }), async (entries) => {
    return check({ exchange: await client.map(entries), entries });
  });
  // The other valid forms must be echoed as the same URL and instant; refused, the field rules judge them.
  const variants = formVariantsRequest(nowMs);
  const exchange = await client.map(variants);
  if (refused(exchange))
    throw new PrerequisiteMissing(
      ['shortener.long-url.valid-url', 'shortener.exp-date.iso-8601'],
      'entries with the other valid forms of longUrl and expDate were refused',
      [exchange],
    );
  return check({ exchange, entries: variants });
});

ruleTest('shortener.mappings.body-is-array', async ({ check }) => {
  const { client, property, nowMs } = session();
  await forAll(notAnEntryArray(nowMs), property(), async (invalid) =>
    check(await client.map(invalid.value), mappingsStatuses.refused),
  );
});

ruleTest('shortener.bodies.json', async ({ observe, check }) => {
  const { client, property, nowMs, run } = session();
  const verdicts: Verdict[] = [];
  await forAll(plainRequest(nowMs), property({ runs: Math.ceil(run.runs / 4) }), async (entries) => {
    const exchange = await client.map(entries);
    // The rule is about the 200: plain entries refused leave nothing to judge, and the accepted rule fails.
    if (refused(exchange)) baselineAccepted(exchange);
    verdicts.push(check(exchange));
  });
  // The 400 body is not shown by the document: what it is labelled is reported, not judged.
  const notArray = await client.map({ not: 'an array' });
  observe(
    'Content-Type of a 400',
    `${notArray.response?.status ?? notArray.error?.code}: ${String(notArray.response?.headers['content-type'] ?? 'none')}`,
  );
  return verdicts;
});
