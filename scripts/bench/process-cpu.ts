/**
 * CPU time of the Chromium this process launched, by process type and thread,
 * from /proc (Linux). Shows where a frame's time goes when the page's main
 * thread is idle: SwiftShader renders in the GPU process, not in the page.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat utime and stime (USER_HZ; 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU milliseconds so far by `<process type>/<thread name>` (e.g. `gpu-process/CrGpuMain`, `renderer/DedicatedWorker`). */
export type ThreadCpu = Map<string, number>;

interface ProcessInfo {
  pid: number;
  ppid: number;
  type: string;
}

function readProcess(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1] ?? (/chrom/i.test(cmdline) ? 'browser' : 'other');
    return { pid, ppid: Number(fields[1]), type };
  } catch {
    return null; // ended meanwhile
  }
}

/** Processes descending from this Node process (Playwright launches Chromium as a child). */
function chromiumProcesses(): ProcessInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p): p is ProcessInfo => p !== null);
  const children = new Map<number, ProcessInfo[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: ProcessInfo[] = [];
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (child.type !== 'other') found.push(child);
      walk(child.pid);
    }
  };
  walk(process.pid);
  return found;
}

/** Whether per-thread CPU can be read here (Linux /proc). */
export function canReadThreadCpu(): boolean {
  try {
    readdirSync('/proc/self/task');
    return true;
  } catch {
    return false;
  }
}

/** Reads the CPU time of every thread of the launched Chromium, summed by process type and thread name. */
export function readThreadCpu(): ThreadCpu {
  const result: ThreadCpu = new Map();
  for (const p of chromiumProcesses()) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${p.pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${p.pid}/task/${tid}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/\d+$/, '');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
        const key = `${p.type}/${name}`;
        result.set(key, (result.get(key) ?? 0) + ms);
      } catch {
        // the thread ended
      }
    }
  }
  return result;
}

/**
 * CPU used between two readings, by thread group and by process type,
 * largest first. Threads that ended in between are not counted.
 */
export function cpuBetween(before: ThreadCpu, after: ThreadCpu): { threads: [string, number][]; processes: [string, number][] } {
  const threads: [string, number][] = [];
  const processes = new Map<string, number>();
  for (const [key, ms] of after) {
    const used = ms - (before.get(key) ?? 0);
    if (used <= 0) continue;
    threads.push([key, used]);
    const type = key.split('/')[0];
    processes.set(type, (processes.get(type) ?? 0) + used);
  }
  return { threads: threads.sort((a, b) => b[1] - a[1]), processes: [...processes].sort((a, b) => b[1] - a[1]) };
}
