import type { SequenceFaultFamily } from '../sequence-faults.ts';
import { type SequenceFaults, startDocumentService } from './document-service.ts';

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
  async start(faults) {
    const service = await startDocumentService({}, faults);
    return {
      entry: { kind: 'url', families: { cards: service.section('SEQUENCE_TOKEN') } },
      env: { SEQUENCE_TOKEN: service.token },
      close: () => service.close(),
    };
  },
};
