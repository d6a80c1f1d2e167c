import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of a process tree: the whole tree, its root, and its largest other process (bytes). */
export interface TreeMemory {
  total: number;
  largest: number;
  root: number;
}

/** Resident memory in bytes of a process and all its descendants (and of the largest descendant), from /proc. */
export function treeRss(root: number): TreeMemory {
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const peak: TreeMemory = { total: 0, largest: 0, root: 0 };
  for (const pid of parentOf.keys()) {
    let ancestor: number | undefined = pid;
    while (ancestor !== undefined && ancestor !== root && ancestor > 1) ancestor = parentOf.get(ancestor);
    if (ancestor !== root) continue;
    try {
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      peak.total += rss;
      if (pid === root) peak.root = rss;
      else peak.largest = Math.max(peak.largest, rss);
    } catch {
      // gone meanwhile
    }
  }
  return peak;
}

/** Samples a process tree every `intervalMs` until stopped; returns the peaks seen. */
export function samplePeakMemory(root: number, intervalMs = 50): () => TreeMemory {
  const peak: TreeMemory = { total: 0, largest: 0, root: 0 };
  const sample = () => {
    const now = treeRss(root);
    peak.total = Math.max(peak.total, now.total);
    peak.root = Math.max(peak.root, now.root);
    peak.largest = Math.max(peak.largest, now.largest);
  };
  const timer = setInterval(sample, intervalMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

/** The issues' budget for a whole run's peak memory, whatever the target sends. */
export const TREE_BUDGET_BYTES = 512 * 1024 * 1024;

/** Bytes as whole megabytes, right-aligned for a table. */
export const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`.padStart(7);
