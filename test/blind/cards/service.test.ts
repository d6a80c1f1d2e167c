import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every cards rule passes, or does not apply, on the blind cards implementation (test/blind/cards/PROMPT.md)', async () => {
  await runFamilyOnBlind('cards', startBlindService);
});
