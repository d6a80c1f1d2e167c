import { cursorFlags } from './cursor-flags.ts';
import { cursorModelStep } from './cursor-model-step.ts';
import { cursorNewToken } from './cursor-new-token.ts';
import { cursorPage } from './cursor-page.ts';
import { cursorPageSize } from './cursor-page-size.ts';
import { cursorWalkBack } from './cursor-walk-back.ts';
import { cursorWalkComplete } from './cursor-walk-complete.ts';
import { invalidCursorRefused } from './invalid-cursor-refused.ts';
import { upgradeResult } from './upgrade-result.ts';

/** The checks only custody rules cite. */
export const custodyChecks = {
  'cursor-flags': cursorFlags,
  'cursor-model-step': cursorModelStep,
  'cursor-new-token': cursorNewToken,
  'cursor-page': cursorPage,
  'cursor-page-size': cursorPageSize,
  'cursor-walk-back': cursorWalkBack,
  'cursor-walk-complete': cursorWalkComplete,
  'invalid-cursor-refused': invalidCursorRefused,
  'upgrade-result': upgradeResult,
} as const;
