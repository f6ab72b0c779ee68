import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Preloaded into a bench server (`PROFILE_HEAP=1 bench/profile.ts` adds `--import` of this file), it
 * records where the process allocates with V8's sampling heap profiler, counting the objects the
 * young-generation collections free too: `--heap-prof` keeps only what is alive at exit, which misses
 * exactly a request's short-lived garbage. On SIGTERM (how the benches stop a server) the profile is
 * written to HEAP_PROFILE_DIR (default: the temporary folder's formwell-heap-profile)/<role>-<pid>.heapprofile.
 */
const role = process.argv.some((arg) => arg.includes('floor-server')) ? 'floor' : 'product';
const dir = process.env.HEAP_PROFILE_DIR ?? join(tmpdir(), 'formwell-heap-profile');
const session = new Session();
session.connect();
session.post('HeapProfiler.startSampling', {
  samplingInterval: 16_384,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
process.prependListener('SIGTERM', () => {
  // A same-thread session answers synchronously, so the file is written before the server exits.
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (!error) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${role}-${process.pid}.heapprofile`), JSON.stringify(result.profile));
    }
  });
});
