import { readFileSync, readdirSync } from 'node:fs';

/**
 * The processes below `root` (children, their children ...), read from /proc; empty where there is no /proc.
 * A forced exit kills them by pid: a vitest worker stuck in a synchronous loop never reads that its parent left.
 */
export function descendantPids(root: number = process.pid): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const childrenOf = new Map<number, number[]>();
  for (const name of entries) {
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may hold spaces, so read after its
      // ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(name)]);
    } catch {
      // The process ended while we read.
    }
  }
  const found: number[] = [];
  const pending = [root];
  // Bounded: every pid is visited once, and /proc lists finitely many.
  while (pending.length > 0 && found.length < entries.length) {
    for (const child of childrenOf.get(pending.pop() as number) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** SIGKILL to every process below this one; errors (already gone) ignored. */
export function killDescendants(): void {
  for (const pid of descendantPids().reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
