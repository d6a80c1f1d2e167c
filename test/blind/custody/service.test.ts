import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every custody rule passes, or does not apply, on the blind custody implementation (test/blind/custody/PROMPT.md)', async () => {
  await runFamilyOnBlind('custody', startBlindService);
});
