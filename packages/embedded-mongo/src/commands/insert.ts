import { collectionName } from './options.js';
import { statements, withWriteErrors, writeError } from './write-errors.js';
import type { CommandDef, Doc } from './types.js';

/** `insert` (https://www.mongodb.com/docs/manual/reference/command/insert/): ordered stops at the first error. */
export const insertCommand: CommandDef = {
  options: ['documents', 'ordered', 'bypassDocumentValidation'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'insert');
    const { docs, raw } = statements(ctx, 'documents');
    const ordered = ctx.body.ordered !== false;
    const coll = ctx.state.engine.ensure(ctx.db, name, ctx.log);
    let n = 0;
    const errors: Doc[] = [];
    for (let i = 0; i < docs.length; i++) {
      try {
        coll.insert(docs[i] ?? {}, ctx.log, raw?.[i]);
        n++;
      } catch (err) {
        errors.push(writeError(i, err));
        if (ordered) break;
      }
    }
    return withWriteErrors({ n }, errors);
  },
};
