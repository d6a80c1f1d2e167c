import type { SequenceFaultFamily } from '../sequence-faults.ts';
import { type ServiceChoices, type SequenceFaults, startDocumentShortener } from './document-service.ts';

async function serve(faults: SequenceFaults, choices: ServiceChoices = {}) {
  const service = await startDocumentShortener(faults, choices);
  return {
    entry: { kind: 'url' as const, families: { shortener: { baseUrl: service.baseUrl } } },
    env: {},
    close: () => service.close(),
  };
}

/** The independent shortener's sequence-only faults, each breaking "when taken for the requested domain the request fails with HTTP 400". */
export const shortenerSequenceFaults: SequenceFaultFamily<SequenceFaults> = {
  family: 'shortener',
  cases: [
    {
      name: 'a refusal for a field forgets the path taken last',
      ruleId: 'shortener.vanity.taken-for-domain',
      faults: { refusalReleasesLastPath: true },
    },
    {
      name: 'a path is kept per user, so another user takes it again',
      ruleId: 'shortener.vanity.taken-for-domain',
      faults: { pathKeptPerUser: true },
    },
  ],
  start: (faults) => serve(faults),
  variants: [{ name: 'answers in reverse order', start: () => serve({}, { answerOrder: 'reversed' }) }],
};
