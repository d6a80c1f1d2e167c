import { describeSequenceFaults } from '../sequence-fault-tests.ts';
import { shortenerSequenceFaults } from './sequence-fault-cases.ts';

/*
 * The stateful phase's proof on a shortener written from document 2, part D (not the reference): faults only a
 * sequence of requests shows (test/independent/shortener/sequence-fault-cases.ts). The service without faults passes
 * with the phase in document-service.test.ts; bench/stateful-bench.ts runs more seeds.
 */
describeSequenceFaults(shortenerSequenceFaults, 4);
