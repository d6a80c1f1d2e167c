import { promises as fs } from 'node:fs';

type FileHandle = fs.FileHandle;
import { dirname, resolve } from 'node:path';
import { DeliveryCount, type LabelledResult, type Output, type OutputDelivery } from './output.ts';
import { type K6Sample, k6SampleBatches } from './k6-samples.ts';

/** How a file sink writes k6 samples: a header, and the lines of each batch (a format may keep state across them). */
export interface SampleLineFormat {
  /** Written once, first (CSV's column names). */
  header?: string;
  /** The lines of one batch, each ending in a newline. */
  lines(batch: readonly K6Sample[]): string;
}

/**
 * A file of k6 samples, one line a sample (json=FILE, csv=FILE): the file is made anew by the first operation (its
 * folder too), a path relative to the current directory. A write that fails loses its batch and every later one,
 * each counted; the run goes on.
 */
export class SampleFileOutput implements Output {
  readonly #count: DeliveryCount;
  #file: Promise<FileHandle> | undefined;
  #broken = false;

  constructor(
    readonly description: string,
    private readonly path: string,
    private readonly format: SampleLineFormat,
  ) {
    this.#count = new DeliveryCount(description);
  }

  async add(labelled: LabelledResult): Promise<void> {
    for (const batch of k6SampleBatches(labelled)) {
      if (batch.length === 0) continue;
      if (this.#broken) {
        this.#count.lose(batch.length, `${this.path}: not written after an earlier failure`);
        continue;
      }
      try {
        await (await this.#opened()).write(this.format.lines(batch));
        this.#count.delivered += batch.length;
      } catch (error) {
        this.#broken = true;
        this.#count.lose(batch.length, `${this.path}: ${(error as Error).message}`);
      }
    }
  }

  async stop(): Promise<OutputDelivery> {
    try {
      // A run that loaded nothing still leaves its (empty) file, as k6 does.
      if (!this.#broken) await (await this.#opened()).close();
    } catch (error) {
      this.#count.lose(0, `${this.path}: ${(error as Error).message}`);
    }
    return this.#count.delivery;
  }

  #opened(): Promise<FileHandle> {
    this.#file ??= (async () => {
      const path = resolve(this.path);
      await fs.mkdir(dirname(path), { recursive: true });
      const file = await fs.open(path, 'w');
      if (this.format.header) await file.write(this.format.header);
      return file;
    })();
    return this.#file;
  }
}
