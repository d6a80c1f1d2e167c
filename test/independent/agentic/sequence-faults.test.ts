import { describeSequenceFaults } from '../sequence-fault-tests.ts';
import { agenticSequenceFaults } from './sequence-fault-cases.ts';

/*
 * The stateful phase's proof on a partner written from document 2, part C (not the reference): faults only a
 * sequence of notifications shows (test/independent/agentic/sequence-fault-cases.ts). The partner without faults
 * passes with the phase in document-partner.test.ts.
 */
describeSequenceFaults(agenticSequenceFaults, 3);
