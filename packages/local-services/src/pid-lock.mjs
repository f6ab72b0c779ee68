// The one pid lock of the product: `npm start`'s lock on its data folder (scripts/start.mjs) and the
// embedded engine's lock on its dbPath both take one. Plain JavaScript for the same reason as
// index.mjs: start.mjs takes its lock before anything is built.
import { open, readFile, unlink } from 'node:fs/promises';
import { readFileSync, unlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Why a lock could not be taken; `ownerPid` is the live owner's pid (ours when held here). */
export class PidLockHeldError extends Error {
  name = 'PidLockHeldError';

  constructor(message, { path, ownerPid }) {
    super(message);
    this.path = path;
    this.ownerPid = ownerPid;
  }
}

/** Lock paths held by this process: a lock file naming our own pid may be a stale one (pid reuse). */
const heldHere = new Set();

/**
 * The kernel's start time of a process (Linux /proc), or '' elsewhere. Stored next to the pid so a
 * stale lock whose pid was reused by an unrelated process (common in containers, and after a
 * reboot) is recognised as stale rather than taken for a live owner.
 */
function startTimeOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function isLiveOwner(pid, startTime) {
  try {
    process.kill(pid, 0); // signal 0: existence check only
  } catch (error) {
    // EPERM: the process exists but belongs to another account: still a live owner.
    if (error?.code !== 'EPERM') return false;
  }
  if (startTime === '') return true;
  const actual = startTimeOf(pid);

  return actual === '' || actual === startTime;
}

/** The pid a lock file's content names, when that process is alive; undefined otherwise. */
function liveOwnerOf(content) {
  const [pidText = '', startTime = ''] = content.trim().split(' ');
  const pid = Number.parseInt(pidText, 10);

  return Number.isInteger(pid) && pid > 0 && isLiveOwner(pid, startTime) ? pid : undefined;
}

/**
 * Whether the lock file `lockPath` is held by a live process (this one included): a lock left by a
 * process that is gone, or no lock file at all, is not held.
 */
export function isPidLockHeld(lockPath) {
  try {
    return liveOwnerOf(readFileSync(resolve(lockPath), 'utf8')) !== undefined;
  } catch {
    return false;
  }
}

/** The lock file's content, or null if there is none. */
async function readLock(path) {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (error?.code === 'ENOENT') return null;
    throw error;
  }
}

/** Creates the lock file holding `<pid> <start time>`; false when it exists already. */
async function tryCreate(path, content, mode) {
  try {
    // O_EXCL creation is atomic: of two processes racing here, exactly one succeeds.
    const handle = await open(path, 'wx', mode);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }

    return true;
  } catch (error) {
    if (error?.code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the lock file `path`, which then holds this process's pid and start time (mode 0600 unless
 * `mode` says otherwise). A lock left by a process that no longer exists (killed, crashed, the
 * machine restarted) is taken over, also when its pid now belongs to an unrelated process; a live
 * owner, or this process holding it already, gives a PidLockHeldError.
 * Node has no flock(), so the stale takeover has a tiny window in which two processes starting at the
 * same instant on a stale lock could both win; a live lock can never be taken.
 * `release()` removes the file, unless another process has taken it over meanwhile; it is
 * synchronous so that it can run in a process's `exit` handler.
 */
export async function acquirePidLock(lockPath, { mode = 0o600 } = {}) {
  const path = resolve(lockPath);
  const content = `${process.pid} ${startTimeOf(process.pid)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await tryCreate(path, content, mode)) {
      heldHere.add(path);

      return { path, release: () => releaseLock(path, content) };
    }
    let found = await readLock(path);
    // An empty file may be an owner between its create and its write: give it time to finish.
    if (found === '') {
      await sleep(100);
      found = await readLock(path);
    }
    if (found === null) continue; // released meanwhile: retry
    if (heldHere.has(path)) {
      throw new PidLockHeldError(`the lock file ${path} is already held by this process`, {
        path,
        ownerPid: process.pid,
      });
    }
    // Our own pid in a lock this process does not hold is a stale one whose pid was reused.
    const pid = liveOwnerOf(found);
    if (pid !== undefined && pid !== process.pid) {
      throw new PidLockHeldError(`the lock file ${path} is held by process ${pid}`, { path, ownerPid: pid });
    }
    // The owner is gone: take over, unless someone else replaced the file since.
    if ((await readLock(path)) === found) await unlink(path).catch(() => undefined);
  }
  throw new PidLockHeldError(`could not take the lock file ${path} (it keeps changing)`, {
    path,
    ownerPid: undefined,
  });
}

function releaseLock(path, content) {
  if (!heldHere.delete(path)) return;
  try {
    // A lock taken over by another process (ours looked stale to it) is no longer ours to remove.
    if (readFileSync(path, 'utf8') === content) unlinkSync(path);
  } catch {
    /* already gone */
  }
}
