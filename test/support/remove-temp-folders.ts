import { afterAll } from 'vitest';
import { removeTempFolders } from './temp-folders.ts';

// A vitest setup file: runs beside every test file, so each file's temp folders go when the file ends.
afterAll(removeTempFolders);
