import { mutant, type BillingMutant } from './define.ts';
import { gzipThresholdBytes } from '../../../rules/billing/limits.ts';

/** Faulty variants of compression. */
export const compressionMutants: readonly BillingMutant[] = [
  mutant(
    {
      name: 'gzip-never',
      breaks: 'billing.compression.response_over_threshold',
      mode: 'multi',
      description: 'Never gzips responses, however large.',
    },
    'gzipThresholdBytes',
    () => Number.POSITIVE_INFINITY,
  ),
  mutant(
    {
      name: 'gzip-from-500-bytes',
      breaks: 'billing.compression.response_under_threshold',
      mode: 'multi',
      description: 'Gzips every response body of 500 bytes or more, so 500..1000-byte bodies are compressed too.',
    },
    'gzipThresholdBytes',
    () => 499,
  ),
  mutant(
    {
      name: 'gzip-at-1000-bytes',
      breaks: 'billing.compression.response_under_threshold',
      mode: 'multi',
      description:
        'Gzips a response body of exactly 1000 bytes: the threshold taken as "1000 or more" instead of "over 1000".',
    },
    'gzipThresholdBytes',
    () => gzipThresholdBytes - 1,
  ),
  mutant(
    {
      name: 'gzip-request-rejected',
      breaks: 'billing.compression.request_gzip',
      mode: 'multi',
      description: 'Refuses gzip-encoded request bodies with 400 (unsupported Content-Encoding).',
    },
    'requestEncodings',
    (reference) => reference.filter((encoding) => encoding !== 'gzip'),
  ),
];
