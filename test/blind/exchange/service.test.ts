import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every exchange rule passes, or does not apply, on the blind exchange implementation (test/blind/exchange/PROMPT.md)', async () => {
  await runFamilyOnBlind('exchange', startBlindService);
});
