import { describeSequenceFaults } from '../sequence-fault-tests.ts';
import { loyaltySequenceFaults } from './sequence-fault-cases.ts';

/*
 * The stateful phase's proof on a loyalty network written from document 2, part A (not the reference): faults only a
 * sequence of requests shows (test/independent/loyalty/sequence-fault-cases.ts). The network without faults passes
 * with the phase in document-network.test.ts.
 */
describeSequenceFaults(loyaltySequenceFaults, 4);
