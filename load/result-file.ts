import type { LoadResult } from './load-result.ts';

/** A result as read from its file: the merge names the file of whatever it refuses. */
export interface ResultFile {
  path: string;
  result: LoadResult;
}
