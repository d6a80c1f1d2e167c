import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every loyalty rule passes, or does not apply, on the blind loyalty implementation (test/blind/loyalty/PROMPT.md)', async () => {
  await runFamilyOnBlind('loyalty', startBlindService);
});
