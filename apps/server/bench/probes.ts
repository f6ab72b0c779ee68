import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux builds in practice). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, read from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it start past its closing paren.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');

  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}
