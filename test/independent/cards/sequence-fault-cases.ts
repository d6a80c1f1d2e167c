import type { SequenceFaultFamily } from '../sequence-faults.ts';
import { type SequenceFaults, type ServiceChoices, startDocumentService } from './document-service.ts';

async function serve(faults: SequenceFaults, choices: ServiceChoices = {}) {
  const service = await startDocumentService(choices, faults);
  return {
    entry: { kind: 'url' as const, families: { cards: service.section('SEQUENCE_TOKEN') } },
    env: { SEQUENCE_TOKEN: service.token },
    close: () => service.close(),
  };
}

/** The independent card-on-demand service's sequence-only faults: an assignment and an unenrolment undone by an order of calls. */
export const cardsSequenceFaults: SequenceFaultFamily<SequenceFaults> = {
  family: 'cards',
  cases: [
    {
      name: 'an accepted assignment answered again, per user, for a card that has another user',
      ruleId: 'cards.assign.no-reassignment',
      faults: { assignmentAnswerKeptPerUser: true },
    },
    {
      name: 'a second DELETE of an unenrolled account enrols it again',
      ruleId: 'cards.unenrol.cards-inaccessible',
      faults: { repeatedUnenrolmentRestores: true },
    },
  ],
  start: (faults) => serve(faults),
  variants: [
    {
      name: 'the other listed answers (403, 400 for an unknown user, 404 for a malformed id, BOTH, WORK, 044)',
      start: () =>
        serve(
          {},
          {
            unauthenticated: 403,
            unknownBodyUser: 400,
            malformedId: 404,
            formFactor: 'BOTH',
            emailType: 'WORK',
            phoneCountryCode: '044',
          },
        ),
    },
  ],
};
