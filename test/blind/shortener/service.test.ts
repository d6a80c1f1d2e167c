import { test } from 'vitest';
import { runFamilyOnBlind } from '../blind-run.ts';
import { startBlindService } from './service.ts';

test('every shortener rule passes, or does not apply, on the blind shortener (test/blind/shortener/PROMPT.md)', async () => {
  await runFamilyOnBlind('shortener', startBlindService);
});
