import { invalidNamespace } from '../errors.js';

/** `system.*` collections a client may write to in any database. */
const ANY_DB = new Set(['system.js', 'system.users']);
/** Those a client may write to in one database only. */
const IN_DB: Record<string, Set<string>> = {
  admin: new Set([
    'system.roles',
    'system.version',
    'system.keys',
    'system.backup_users',
    'system.new_users',
  ]),
  config: new Set(['system.sessions', 'system.indexBuilds']),
  local: new Set(['system.replset', 'system.healthlog']),
};
/** Readable only: mongod keeps them itself (profiler output, view definitions). */
const READ_ONLY = new Set(['system.profile', 'system.views']);

/**
 * Refuses an insert into a `system.*` collection as mongod does (73 InvalidNamespace): the
 * profiler's and the views' collections with "cannot write to", any other system collection than
 * the few clients may write (stored JavaScript, users, roles...) with "Invalid system namespace".
 * The engine would otherwise store documents mongod never accepts.
 */
export function checkWritableNamespace(db: string, coll: string): void {
  if (!coll.startsWith('system.')) return;
  if (READ_ONLY.has(coll)) throw invalidNamespace(`cannot write to ${db}.${coll}`);
  if (!ANY_DB.has(coll) && !IN_DB[db]?.has(coll))
    throw invalidNamespace(`Invalid system namespace: ${db}.${coll}`);
}
