import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import type { Exchange } from '../../../client/http-exchange.ts';
import { detailSchemas, listItemSchemas } from '../../../rules/cdr/product-schemas.ts';
import { jsonOf, responseOf } from '../../../checks/response-required.ts';
import { productIssues } from '../../../rules/cdr/product-issues.ts';
import { answeredVersion, shownValue } from './product-walk.ts';
import { PrerequisiteMissing } from '../../../engine/rule-blocked.ts';
import { passed, Violation, type Verdict } from '../../../engine/rule-violation.ts';

type Shape = Record<string, z.ZodType>;
/** The fields of a version's record (the latest version's when the answer names none the harness knows). */
const shapeOf = (schemas: Readonly<Record<number, z.ZodType>>, version: number, latest: number): Shape =>
  ((schemas[version] ?? schemas[latest]) as unknown as { shape: Shape }).shape;

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Shape;
  element?: z.ZodType;
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** The schema under optional, nullable and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  return def.innerType && ['optional', 'nullable', 'default'].includes(def.type) ? unwrapped(def.innerType) : schema;
}
const notSayable = Symbol('not sayable');

/**
 * A value as both versions can say it: objects keep only the keys both versions' schemas name (cardArt items
 * lose the scheme and type the older version lacks), other values must be valid in both (a category only the
 * newer enumeration has is not). `notSayable` when one version cannot express it. Pure.
 */
function commonForm(value: unknown, one: z.ZodType, other: z.ZodType): unknown {
  const [a, b] = [unwrapped(one), unwrapped(other)];
  const [defA, defB] = [defOf(a), defOf(b)];
  if (
    value !== undefined &&
    value !== null &&
    defA.type === 'object' &&
    defB.type === 'object' &&
    typeof value === 'object' &&
    !Array.isArray(value)
  ) {
    const entries = Object.keys(defA.shape ?? {})
      .filter((key) => defB.shape?.[key] !== undefined && (value as Record<string, unknown>)[key] !== undefined)
      .map(
        (key) =>
          [
            key,
            commonForm(
              (value as Record<string, unknown>)[key],
              defA.shape?.[key] as z.ZodType,
              defB.shape?.[key] as z.ZodType,
            ),
          ] as const,
      );
    return entries.some(([, form]) => form === notSayable) ? notSayable : Object.fromEntries(entries);
  }
  if (defA.type === 'array' && defB.type === 'array' && Array.isArray(value)) {
    const items = value.map((item) => commonForm(item, defA.element as z.ZodType, defB.element as z.ZodType));
    return items.includes(notSayable) ? notSayable : items;
  }
  return one.safeParse(value).success && other.safeParse(value).success ? value : notSayable;
}

/** The detail's data when it answered 200; a refused version blocks the rule, any other status fails it. */
function detailData(
  listed: Record<string, unknown>,
  listExchange: Exchange,
  detail: Exchange,
): Record<string, unknown> {
  const { status } = responseOf(detail);
  // A refused version (406) is the version rules' fault, judged by cdr.x-v.served on the detail operation.
  if (status === 406)
    throw new PrerequisiteMissing(
      ['cdr.x-v.served'],
      `The detail of listed product ${String(listed.productId)} refused the version asked (406)`,
      [detail],
    );
  if (status !== 200)
    throw new Violation(`The detail of listed product ${String(listed.productId)} answered ${status}`, [
      detail,
      listExchange,
    ]);
  return (jsonOf(detail) as { data?: Record<string, unknown> } | null)?.data ?? {};
}

/** One field as both served versions say it: the same, different, another rule's to judge, or why it is not compared. */
function compareField(
  field: string,
  listed: Record<string, unknown>,
  data: Record<string, unknown>,
  versions: { list: number; detail: number; listShape: Shape; detailShape: Shape },
): 'same' | 'differs' | 'judged elsewhere' | { notCompared: string } {
  const [inList, inDetail] = [versions.listShape[field] as z.ZodType, versions.detailShape[field]];
  if (inDetail === undefined) return { notCompared: `${field} (only list x-v ${versions.list} defines it)` };
  // A value that breaks its own version's schema is the record rules' to judge (cdr.product.list-item,
  // cdr.product.detail).
  if (!inList.safeParse(listed[field]).success || !inDetail.safeParse(data[field]).success) return 'judged elsewhere';
  const [fromList, fromDetail] = [
    commonForm(listed[field], inList, inDetail),
    commonForm(data[field], inDetail, inList),
  ];
  if (fromList === notSayable)
    return {
      notCompared: `${field} (list ${shownValue(listed[field], 60)} has no form in detail x-v ${versions.detail})`,
    };
  if (fromDetail === notSayable)
    return { notCompared: `${field} (detail ${shownValue(data[field], 60)} has no form in list x-v ${versions.list})` };
  return isDeepStrictEqual(fromDetail, fromList) ? 'same' : 'differs';
}

/**
 * The detail of a listed product answers 200 with that product: every field both served versions define
 * (the list item's and the detail's, which may differ: list x-v 5 with detail x-v 4) has the list's value in
 * the detail, compared as far as both versions can express it. A field only one version defines, or a value
 * the other version cannot express (BUY_NOW_PAY_LATER before list x-v 5), is not compared: it is observed.
 */
export function detailIsListed(observed: {
  listed: Record<string, unknown> | null;
  listExchange: Exchange;
  detail: Exchange;
}): Verdict {
  const { listed, listExchange, detail } = observed;
  // A listed product that is no object is judged by cdr.product.list-item.
  if (typeof listed !== 'object' || listed === null) return passed();
  const data = detailData(listed, listExchange, detail);
  const [listVersion, detailVersion] = [answeredVersion(listExchange), answeredVersion(detail)];
  const versions = {
    list: listVersion,
    detail: detailVersion,
    listShape: shapeOf(listItemSchemas, listVersion, 5),
    detailShape: shapeOf(detailSchemas, detailVersion, 7),
  };
  // A list field that breaks its own record rule is that rule's to judge, not compared here.
  const broken = new Set(productIssues(listed, 'list', listVersion).map((issue) => issue.path.split('.')[0]));
  const differs: string[] = [];
  const notCompared: string[] = [];
  for (const field of Object.keys(versions.listShape)) {
    // Equal as served: nothing to read in either version (the common case, and the cheap one).
    if (listed[field] === undefined || broken.has(field) || isDeepStrictEqual(listed[field], data[field])) continue;
    const compared = compareField(field, listed, data, versions);
    if (compared === 'differs') differs.push(field);
    else if (typeof compared === 'object') notCompared.push(compared.notCompared);
  }
  if (differs.length > 0) {
    const shown = differs
      .map((field) => `${field}: list ${shownValue(listed[field], 150)}, detail ${shownValue(data[field], 150)}`)
      .join('; ');
    throw new Violation(`The detail of ${String(listed.productId)} is not the listed product: ${shown.slice(0, 600)}`, [
      detail,
      listExchange,
    ]);
  }
  return passed(notCompared.length > 0 ? { 'not compared': notCompared } : undefined);
}
