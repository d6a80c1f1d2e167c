import { defaultDomain, shortenerDomains } from '../../rules/shortener/records.ts';
import { freshPath } from './support/fresh-path.ts';
import { ruleTest, useShortenerSession } from './support/shortener-session.ts';
import { freshPathJudgedBy, sendSteps, type PlannedStep } from './support/vanity-steps.ts';

const session = useShortenerSession();

ruleTest('shortener.vanity.other-domain-free', async ({ check }) => {
  const { client, nowMs } = session();
  const path = freshPath();
  const together = freshPath();
  const steps: PlannedStep[] = [
    ...shortenerDomains.map((domain, index) => ({
      entries: [{ path, domain }],
      accepted: true,
      why: `path ${path} on ${domain}, taken before on ${shortenerDomains.slice(0, index).join(', ') || 'no domain'}`,
      ...(index === 0 ? { judgedBy: freshPathJudgedBy } : {}),
    })),
    {
      entries: shortenerDomains.map((domain) => ({ path: together, domain })),
      accepted: true,
      why: `path ${together} on every domain in one request`,
    },
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
      judgedBy: index === 0 ? freshPathJudgedBy : (['shortener.vanity.other-domain-free'] as const),
    })),
    {
      entries: [{ path: first }],
      accepted: true,
      why: `path ${first} without a domain, free`,
      judgedBy: freshPathJudgedBy,
    },
    {
      entries: [{ path: first, domain: defaultDomain }],
      accepted: false,
      why: `path ${first} on m after it was taken without a domain`,
    },
    ...shortenerDomains
      .filter((domain) => domain !== defaultDomain)
      .map((domain) => ({
        entries: [{ path: first, domain }],
        accepted: true,
        why: `path ${first} on ${domain} after it was taken without a domain`,
      })),
    { entries: [{ path: second, domain: defaultDomain }], accepted: true, why: `path ${second} on m, free` },
    { entries: [{ path: second }], accepted: false, why: `path ${second} without a domain after it was taken on m` },
  ];
  return check(await sendSteps(client, nowMs, steps));
});
