import type { ErrorItem } from './behaviour.ts';

const urn = (name: string) => `urn:au-cds:error:cds-all:${name}`;

/**
 * The reference's errors: standard error-code URNs, and one application-specific code (an unknown product)
 * that names the standard URN it extends in meta.urn. Titles are fixed per condition; the detail says what
 * happened this time.
 */
export const referenceErrors = {
  missingHeader: (detail: string): ErrorItem => ({
    code: urn('Header/Missing'),
    title: 'Missing Required Header',
    detail,
  }),
  invalidHeader: (detail: string): ErrorItem => ({ code: urn('Header/Invalid'), title: 'Invalid Header', detail }),
  invalidVersion: (detail: string): ErrorItem => ({
    code: urn('Header/InvalidVersion'),
    title: 'Invalid Version',
    detail,
  }),
  unsupportedVersion: (detail: string): ErrorItem => ({
    code: urn('Header/UnsupportedVersion'),
    title: 'Unsupported Version',
    detail,
  }),
  invalidField: (detail: string): ErrorItem => ({ code: urn('Field/Invalid'), title: 'Invalid Field', detail }),
  invalidDateTime: (detail: string): ErrorItem => ({
    code: urn('Field/InvalidDateTime'),
    title: 'Invalid Date',
    detail,
  }),
  invalidPageSize: (detail: string): ErrorItem => ({
    code: urn('Field/InvalidPageSize'),
    title: 'Invalid Page Size',
    detail,
  }),
  invalidPage: (detail: string): ErrorItem => ({ code: urn('Field/InvalidPage'), title: 'Invalid Page', detail }),
  unknownProduct: (detail: string): ErrorItem => ({
    code: 'REF-0404-PRODUCT',
    title: 'Product Not Found',
    detail,
    meta: { urn: urn('Resource/NotFound') },
  }),
  notFound: (detail: string): ErrorItem => ({ code: urn('Resource/NotFound'), title: 'Resource Not Found', detail }),
};
