import fc from 'fast-check';
import { additionalUriPairs } from '../../rules/cdr/product-schemas.ts';
import { cardSchemes, cardTypes, productCategories } from '../../rules/cdr/enums.ts';

/** An RFC 3339 date-time in UTC (Z) or with an offset, with or without milliseconds. */
export const dateTimeText = fc
  .tuple(
    fc.date({ noInvalidDate: true, min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z') }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([date, millis, offset]) => {
    const text = date.toISOString();
    const base = millis ? text : `${text.slice(0, 19)}Z`;
    return offset ? `${base.slice(0, -1)}+10:00` : base;
  });

const text = fc.string({ minLength: 1, maxLength: 12 });
const uri = fc.webUrl();
const additionalItem = fc.record(
  { additionalInfoUri: uri, description: text },
  { requiredKeys: ['additionalInfoUri'] },
);

/** additionalInformation where every additional list with items has its primary URI. */
const additionalInformation = fc
  .tuple(
    ...additionalUriPairs.map(() =>
      fc.record({
        primary: fc.option(uri, { nil: undefined }),
        list: fc.option(fc.array(additionalItem, { maxLength: 2 }), { nil: undefined }),
      }),
    ),
  )
  .map((pairs) =>
    Object.fromEntries(
      pairs.flatMap(({ primary, list }, index) => {
        const [primaryKey, listKey] = additionalUriPairs[index] as readonly [string, string];
        // A list with items needs its primary; an empty list does not.
        const needsPrimary = list !== undefined && list.length > 0;
        const primaryUri = primary ?? (needsPrimary ? 'https://bank.example/primary' : undefined);
        return [
          ...(primaryUri === undefined ? [] : [[primaryKey, primaryUri]]),
          ...(list === undefined ? [] : [[listKey, list]]),
        ];
      }),
    ),
  );

const imageUri = fc.oneof(
  fc.webUrl().map((url) => `${url.replace(/\/$/, '')}/card.png`),
  fc.constantFrom(
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/gif;base64,R0lGODlh',
    'data:image/jpeg;base64,/9j/4AAQ',
  ),
);
export const validCardArt = fc.record(
  { cardScheme: fc.constantFrom(...cardSchemes), cardType: fc.constantFrom(...cardTypes), imageUri, title: text },
  { requiredKeys: ['cardScheme', 'cardType', 'imageUri'] },
);

/** A banking product list item (version 6) that keeps every rule; optional fields present or not. */
export const validListItem = fc.record(
  {
    productId: text,
    lastUpdated: dateTimeText,
    productCategory: fc.constantFrom(...productCategories),
    name: text,
    description: fc.string(),
    brand: text,
    isTailored: fc.boolean(),
    effectiveFrom: dateTimeText,
    effectiveTo: dateTimeText,
    brandName: text,
    applicationUri: uri,
    additionalInformation,
    cardArt: fc.array(validCardArt, { maxLength: 3 }),
  },
  { requiredKeys: ['productId', 'lastUpdated', 'productCategory', 'name', 'description', 'brand', 'isTailored'] },
);
