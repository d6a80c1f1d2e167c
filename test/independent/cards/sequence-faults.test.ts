import { describeSequenceFaults } from '../sequence-fault-tests.ts';
import { cardsSequenceFaults } from './sequence-fault-cases.ts';

/*
 * The cards stateful phases' proof on a service written from document 2, part B (not the reference): faults only a
 * sequence of requests shows (test/independent/cards/sequence-fault-cases.ts). bench/stateful-bench.ts runs more seeds.
 */
describeSequenceFaults(cardsSequenceFaults, 4);
