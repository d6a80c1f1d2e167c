/** A started target; stopping it is always safe, also twice. */
export interface LaunchedTarget {
  stop(): Promise<void>;
  /** Process id of a started command target. */
  pid?: number;
  /** Container id of a started container target. */
  containerId?: string;
  /** Kills a started target at once (when the harness itself must exit now). */
  kill(): void;
  /** The last lines the target printed (a command's output, a container's log); none for a url target. */
  recentOutput(): string[];
}
