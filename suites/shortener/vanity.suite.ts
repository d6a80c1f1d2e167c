import { shortenerDomains } from '../../rules/shortener/records.ts';
import { freshPath } from './support/fresh-path.ts';
import { ruleTest, useShortenerSession } from './support/shortener-session.ts';
import { sendSteps, type PlannedStep } from './support/vanity-steps.ts';

const session = useShortenerSession();
const plain = { longUrl: 'https://example.com/other' };
// A fresh vanity path is accepted: the accepted rule judges that (path is one of its optional fields).
const freshJudgedBy = ['shortener.mappings.accepted'];

ruleTest('shortener.vanity.taken-for-domain', async ({ observe, check }) => {
  const { client, nowMs } = session();
  const steps: PlannedStep[] = shortenerDomains.flatMap((domain) => {
    const path = freshPath();
    return [
      { entries: [{ path, domain }], accepted: true, why: `path ${path} on ${domain}, free`, judgedBy: freshJudgedBy },
      { entries: [{ path, domain }], accepted: false, why: `path ${path} on ${domain} again` },
      // Taken is taken wherever the entry sits in the array.
      { entries: [plain, { path, domain }], accepted: false, why: `path ${path} on ${domain} again, as the second entry` },
    ];
  });
  const verdict = check(await sendSteps(client, nowMs, steps));
  // Two entries of one request asking for one path and domain: the document does not say; reported.
  const twice = freshPath();
  const [duplicate] = await sendSteps(client, nowMs, [{ entries: [{ path: twice, domain: 'go' }, { path: twice, domain: 'go' }], accepted: true, why: 'observed' }]);
  observe('one path asked twice for one domain in one request', duplicate?.exchange.response?.status ?? 'no response');
  return verdict;
});

ruleTest('shortener.vanity.other-domain-free', async ({ check }) => {
  const { client, nowMs } = session();
  const path = freshPath();
  const together = freshPath();
  const steps: PlannedStep[] = [
    ...shortenerDomains.map((domain, index) => ({
      entries: [{ path, domain }],
      accepted: true,
      why: `path ${path} on ${domain}, taken before on ${shortenerDomains.slice(0, index).join(', ') || 'no domain'}`,
      ...(index === 0 ? { judgedBy: freshJudgedBy } : {}),
    })),
    { entries: shortenerDomains.map((domain) => ({ path: together, domain })), accepted: true, why: `path ${together} on every domain in one request` },
  ];
  return check(await sendSteps(client, nowMs, steps));
});

ruleTest('shortener.domain.default-m', async ({ check }) => {
  const { client, nowMs } = session();
  const control = freshPath();
  const first = freshPath();
  const second = freshPath();
  const steps: PlannedStep[] = [
    // Control: a path taken on m is free on the other domains (the other-domain rule's property). Only where
    // it holds can a path taken without a domain and refused on go be blamed on the default.
    ...shortenerDomains.map((domain, index) => ({
      entries: [{ path: control, domain }],
      accepted: true,
      why: `control path ${control} on ${domain}${index === 0 ? ', free' : ' after it was taken on m'}`,
      judgedBy: index === 0 ? freshJudgedBy : ['shortener.vanity.other-domain-free'],
    })),
    { entries: [{ path: first }], accepted: true, why: `path ${first} without a domain, free`, judgedBy: freshJudgedBy },
    { entries: [{ path: first, domain: 'm' }], accepted: false, why: `path ${first} on m after it was taken without a domain` },
    ...shortenerDomains.filter((domain) => domain !== 'm').map((domain) => ({ entries: [{ path: first, domain }], accepted: true, why: `path ${first} on ${domain} after it was taken without a domain` })),
    { entries: [{ path: second, domain: 'm' }], accepted: true, why: `path ${second} on m, free` },
    { entries: [{ path: second }], accepted: false, why: `path ${second} without a domain after it was taken on m` },
  ];
  return check(await sendSteps(client, nowMs, steps));
});
