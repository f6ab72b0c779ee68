import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux builds in practice). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, read from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const { user, system } = cpuTimes(pid);

  return user + system;
}

/** CPU seconds a process has used so far in its own code (user) and in the kernel (system). */
export function cpuTimes(pid: number): { user: number; system: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it start past its closing paren.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');

  return {
    user: Number(fields[11]) / CLOCK_TICKS_PER_SECOND,
    system: Number(fields[12]) / CLOCK_TICKS_PER_SECOND,
  };
}

/**
 * Read and write system calls a process has made so far (/proc/<pid>/io, Linux): each socket write
 * (the HTTP answer, a Redis or MongoDB command) is one, whatever its size, and on loopback the
 * kernel's delivery to the receiver is charged to it, so fewer writes per request is less CPU.
 */
export function syscallCounts(pid: number): { reads: number; writes: number } {
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1] ?? NaN);

  return { reads: field('syscr'), writes: field('syscw') };
}

/**
 * Microseconds so far during which at least one task of the machine was ready to run but waited
 * for a core (/proc/pressure/cpu, "some" total; NaN where the kernel has no pressure stall
 * information). Its growth over a run, divided by the run's length, is the share of that run the
 * machine was short of CPU: a latency tail measured then is partly the wait for a core.
 */
export function cpuPressureMicroseconds(): number {
  try {
    const pressure = readFileSync('/proc/pressure/cpu', 'utf8');

    return Number(/^some .*total=(\d+)$/m.exec(pressure)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** The machine's load averages (1, 5, 15 minutes), printed beside figures taken on a shared host. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}
