import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { productBreak, productBreaks } from '../../../generators/cdr/broken-product.ts';
import { validListItem } from '../../../generators/cdr/valid-list-item.ts';
import { validProductDetail } from '../../../generators/cdr/valid-product-detail.ts';
import { productIssues, type ProductKind } from '../../../rules/cdr/product-issues.ts';

const seed = 8;
const valid = { list: validListItem, detail: validProductDetail } as const;
/** The generators make records of the current versions: list x-v 5, detail x-v 7. */
const latest = { list: 5, detail: 7 } as const;

describe.each(['list', 'detail'] as ProductKind[])('product records (%s)', (kind) => {
  test('a valid record keeps every rule', () => {
    fc.assert(
      fc.property(valid[kind], (record) => {
        expect(productIssues(record, kind, latest[kind])).toEqual([]);
      }),
      { seed, numRuns: 300 },
    );
  });

  test('each invalid variant breaks exactly its rule', () => {
    fc.assert(
      fc.property(valid[kind], productBreak(kind), (record, broken) => {
        const rules = new Set(
          productIssues(broken.change(record as Record<string, unknown>), kind, latest[kind]).map(
            (issue) => issue.rule,
          ),
        );
        expect([...rules], broken.why).toEqual([broken.breaks[kind]]);
      }),
      { seed, numRuns: 400 },
    );
  });
});

test('every rule of the product records has a break that shows it', () => {
  const broken = new Set(productBreaks.flatMap((candidate) => Object.values(candidate.breaks)));
  expect([...broken].sort()).toEqual([
    'cdr.product.additional-info-when-other',
    'cdr.product.application-frequency-when-periodic',
    'cdr.product.card-art',
    'cdr.product.detail',
    'cdr.product.fee-method-structure',
    'cdr.product.list-item',
    'cdr.product.primary-uri-when-additional',
  ]);
});

test('a record that is no object breaks the shape rule only', () => {
  expect(productIssues('nope', 'list', 5).map((issue) => issue.rule)).toEqual(['cdr.product.list-item']);
  expect(productIssues(null, 'detail', 7).map((issue) => issue.rule)).toEqual(['cdr.product.detail']);
});
