import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * A stream to a file that must not exist yet (`wx`: never overwrites, never follows a planted
 * symlink), readable by its owner only: backups hold webhook signing secrets and password hashes,
 * account exports hold submitters' personal data, and the process umask alone would leave both
 * readable by every local account.
 */
export function newPrivateFile(file: string): WriteStream {
  return createWriteStream(file, { flags: 'wx', mode: 0o600 });
}
