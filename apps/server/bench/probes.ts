import { readFileSync } from 'node:fs';

import { Redis } from 'ioredis';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on Linux builds in practice). */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, read from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after it start past its closing paren.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');

  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Redis commands served so far (INFO commandstats), not counting the INFO calls that read them. */
export async function redisCommandCount(redis: Redis): Promise<number> {
  const info = await redis.info('commandstats');
  let total = 0;
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) {
    if (match[1] !== 'info') {
      total += Number(match[2]);
    }
  }

  return total;
}

export { Redis };
