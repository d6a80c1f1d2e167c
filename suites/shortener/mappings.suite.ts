import { jsonBody } from '../../checks/json-body.ts';
import type { Verdict } from '../../checks/rule-violation.ts';
import { mappingsEcho } from '../../checks/shortener/mappings-echo.ts';
import { mappingsResponse } from '../../checks/shortener/mappings-response.ts';
import { statusForInvalidInput } from '../../checks/status-for-invalid-input.ts';
import { mappingRequest } from '../../generators/shortener/mapping-request.ts';
import { notAnEntryArray } from '../../generators/shortener/not-an-entry-array.ts';
import { mappingsStatuses } from '../../rules/shortener/records.ts';
import { forAll } from '../support/for-all.ts';
import { withFreshPaths } from './support/fresh-path.ts';
import { ruleTest, useShortenerSession } from './support/shortener-session.ts';

const session = useShortenerSession();

ruleTest('shortener.mappings.accepted', async ({ observe }) => {
  const { client, property, nowMs, run } = session();
  let shortUrl: unknown;
  const cases = await forAll(mappingRequest(nowMs), property({ runs: Math.ceil(run.runs / 2) }), async (entries) => {
    const verdict = mappingsResponse(await client.map(withFreshPaths(entries)), 'shortener.mappings.accepted');
    shortUrl ??= verdict.observations?.['shortUrl example'];
  });
  observe('requests sent', cases);
  // The shape of shortUrl depends on the environment: one is shown, none is judged.
  observe('shortUrl example', shortUrl);
  // An empty array is neither allowed nor forbidden by the document: what the target does is reported.
  observe('empty array answered', (await client.map([])).response?.status ?? 'no response');
});

ruleTest('shortener.mappings.one-per-entry-in-order', async () => {
  const { client, property, nowMs, run } = session();
  await forAll(mappingRequest(nowMs), property({ runs: Math.ceil(run.runs / 2) }), async (generated) => {
    const entries = withFreshPaths(generated);
    return mappingsEcho({ exchange: await client.map(entries), entries }, 'shortener.mappings.one-per-entry-in-order');
  });
});

ruleTest('shortener.mappings.body-is-array', async () => {
  const { client, property, nowMs } = session();
  await forAll(notAnEntryArray(nowMs), property(), async (invalid) => statusForInvalidInput(await client.map(invalid.value), invalid.breaks, mappingsStatuses.refused));
});

ruleTest('shortener.bodies.json', async ({ observe }) => {
  const { client, property, nowMs, run } = session();
  const verdicts: Verdict[] = [];
  await forAll(mappingRequest(nowMs), property({ runs: Math.ceil(run.runs / 4) }), async (entries) => {
    verdicts.push(jsonBody(await client.map(withFreshPaths(entries)), 'shortener.bodies.json'));
  });
  // The 400 body is not shown by the document: what it is labelled is reported, not judged.
  const refused = await client.map({ not: 'an array' });
  observe('Content-Type of a 400', `${refused.response?.status ?? refused.error?.code}: ${String(refused.response?.headers['content-type'] ?? 'none')}`);
  return verdicts;
});
