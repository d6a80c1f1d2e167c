import type { CheckTable } from '../../../engine/check.ts';
import { refusedWithCode, timestampWindow } from './auth.ts';
import { exchangeRateLimited } from './rate-limit.ts';
import { batchItemFields, batchItemsFail, batchItemsSucceed } from './batch.ts';
import { codeIsString, codesInRange, dataIsArray, msgMatchesCode, successCode } from './envelope.ts';

/** Checks only the exchange rules use. */
export const exchangeChecks = {
  'code-is-string': codeIsString,
  'success-code': successCode,
  'msg-matches-code': msgMatchesCode,
  'data-is-array': dataIsArray,
  'codes-in-range': codesInRange,
  'batch-item-fields': batchItemFields,
  'batch-items-succeed': batchItemsSucceed,
  'batch-items-fail': batchItemsFail,
  'refused-with-code': refusedWithCode,
  'timestamp-window': timestampWindow,
  'exchange-rate-limited': exchangeRateLimited,
} as const satisfies CheckTable;
