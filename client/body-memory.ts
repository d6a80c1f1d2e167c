/**
 * A bound on the memory response bodies take in one process, whatever targets send: every exchange may hold a
 * small body freely, but only a few at a time may hold more (received or inflated bytes alike). The others
 * pause their reading until one of those ends. Without it, sixteen exchanges in flight that each meet a gzip
 * bomb or a huge body hold sixteen times the caps at once.
 */

export class LargeBodyGate {
  #holders = 0;
  readonly #queue: (() => void)[] = [];

  /**
   * @param freeBytes body bytes any exchange may hold without the gate (default 256 KiB)
   * @param maxHolders exchanges that may hold more at once, per process (default 1: a hostile run must stay within its
   * memory budget)
   */
  constructor(
    readonly freeBytes = 256 * 1024,
    readonly maxHolders = 1,
  ) {}

  /** Resolves with the release function once this exchange may hold more than `freeBytes`. */
  acquire(): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        this.#holders += 1;
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.#holders -= 1;
          this.#queue.shift()?.();
        });
      };
      if (this.#holders < this.maxHolders) grant();
      else this.#queue.push(grant);
    });
  }
}

/** The process's gate, shared by every HTTP client in it. */
export const processBodyGate = new LargeBodyGate();

/** One exchange's share: counts the bytes it holds and takes the gate when they pass the free allowance. */
export class BodyAllowance {
  #bytes = 0;
  #release: (() => void) | undefined;
  #granted: Promise<void> | undefined;
  #ended = false;

  constructor(private readonly gate: LargeBodyGate = processBodyGate) {}

  /** Counts `bytes` more; returns a promise to wait on before reading further, while the gate is not held. */
  add(bytes: number): Promise<void> | undefined {
    this.#bytes += bytes;
    if (this.#release || this.#ended || this.#bytes <= this.gate.freeBytes) return undefined;
    this.#granted ??= this.gate.acquire().then((release) => {
      if (this.#ended) release();
      else this.#release = release;
    });
    return this.#granted;
  }

  /** The exchange ended: the gate passes on (also when it was still waiting for it). */
  end(): void {
    this.#ended = true;
    this.#release?.();
    this.#release = undefined;
  }
}
