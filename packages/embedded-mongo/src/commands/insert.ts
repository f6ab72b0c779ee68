import { collectionName } from './options.js';
import { checkWritableNamespace } from './system-namespaces.js';
import { statements, withWriteErrors, writeError } from './write-errors.js';
import type { CommandContext, CommandDef, Doc } from './types.js';

/**
 * Inserts one document into `db.name` (created on first use), as the insert command and
 * bulkWrite's insert ops both do; `raw` is the document's BSON as the client sent it.
 */
export function insertOneDoc(ctx: CommandContext, db: string, name: string, doc: Doc, raw?: Buffer): void {
  ctx.state.engine.ensure(db, name, ctx.log).insert(doc, ctx.log, raw);
}

/** `insert` (https://www.mongodb.com/docs/manual/reference/command/insert/): ordered stops at the first error. */
export const insertCommand: CommandDef = {
  options: ['documents', 'ordered', 'bypassDocumentValidation'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'insert');
    checkWritableNamespace(ctx.db, name);
    const { docs, raw } = statements(ctx, 'documents');
    const ordered = ctx.body.ordered !== false;
    // The collection exists after an insert command even when every document is refused.
    ctx.state.engine.ensure(ctx.db, name, ctx.log);
    let n = 0;
    const errors: Doc[] = [];
    for (let i = 0; i < docs.length; i++) {
      try {
        insertOneDoc(ctx, ctx.db, name, docs[i] ?? {}, raw?.[i]);
        n++;
      } catch (err) {
        errors.push(writeError(i, err));
        if (ordered) break;
      }
    }
    return withWriteErrors({ n }, errors);
  },
};
