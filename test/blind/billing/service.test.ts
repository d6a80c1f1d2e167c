import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every billing rule passes, or does not apply, on the blind billing implementation (test/blind/billing/PROMPT.md)', async () => {
  await runFamilyOnBlind('billing', startBlindService);
});
