import { describeSequenceFaults } from '../sequence-fault-tests.ts';
import { billingSequenceFaults } from './sequence-fault-cases.ts';

/*
 * The stateful phase's proof on a billing service written from document 1 (not the reference): faults only a sequence
 * of requests shows (test/independent/billing/sequence-fault-cases.ts). bench/stateful-bench.ts runs more seeds.
 */
describeSequenceFaults(billingSequenceFaults, 4);
