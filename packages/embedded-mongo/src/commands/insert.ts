import { collectionName } from './options.js';
import { checkWritableNamespace } from './system-namespaces.js';
import { statements, withWriteErrors, writeError } from './write-errors.js';
import { paced } from './yielding-writes.js';
import { decodeStored } from '../bson/command-decode.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

/**
 * Inserts one document into `db.name` (created on first use), as the insert command and
 * bulkWrite's insert ops both do; `raw` is the document's BSON as the client sent it.
 */
export function insertOneDoc(ctx: CommandContext, db: string, name: string, doc: Doc, raw?: Buffer): void {
  ctx.state.engine.ensure(db, name, ctx.log).insert(doc, ctx.log, raw);
}

/**
 * `insert` (https://www.mongodb.com/docs/manual/reference/command/insert/): ordered stops at the
 * first error. A batch of several documents pauses for other connections as it goes (WritePacer:
 * a batch may hold 100,000 documents); each document sent in a document sequence is decoded only
 * when its turn comes. A single insert is made, and answered, in one turn.
 */
export const insertCommand: CommandDef = {
  options: ['documents', 'ordered', 'bypassDocumentValidation'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'insert');
    checkWritableNamespace(ctx.db, name);
    const raw = ctx.sequences.get('documents');
    const docs = raw ? undefined : statements(ctx, 'documents').docs;
    const count = raw?.length ?? docs?.length ?? 0;
    const docAt = (i: number): Doc => (raw ? decodeStored(raw[i] as Buffer) : (docs?.[i] ?? {}));
    const ordered = ctx.body.ordered !== false;
    // The collection exists after an insert command even when every document is refused.
    ctx.state.engine.ensure(ctx.db, name, ctx.log);
    let n = 0;
    const errors: Doc[] = [];
    /** Inserts document i; false when an ordered batch stops there. */
    const insertAt = (i: number): boolean => {
      try {
        insertOneDoc(ctx, ctx.db, name, docAt(i), raw?.[i]);
        n++;
      } catch (err) {
        errors.push(writeError(i, err));
        if (ordered) return false;
      }
      return true;
    };
    if (count <= 1) {
      if (count === 1) insertAt(0);
      return withWriteErrors({ n }, errors);
    }
    return paced(ctx, async (pacer) => {
      for (let i = 0; i < count && insertAt(i); i++) if (pacer.due()) await pacer.pause();
      return withWriteErrors({ n }, errors);
    });
  },
};
