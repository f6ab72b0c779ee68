import { MongoCommandError, indexNotFound, namespaceNotFound, typeMismatch } from '../errors.js';
import { normalizeIndexSpec, sameIndexOptions, type IndexSpec } from '../indexes/index-spec.js';
import { checkPartialFilter } from '../indexes/partial-filter.js';
import { DEFAULT_FIRST_BATCH, cursorFirstBatch } from './batching.js';
import { collectionName, countOption } from './options.js';
import type { CommandDef, Doc } from './types.js';

export const createIndexesCommand: CommandDef = {
  options: ['indexes', 'commitQuorum'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'createIndexes');
    const raw = ctx.body.indexes;
    if (!Array.isArray(raw) || raw.length === 0)
      throw typeMismatch("BSON field 'createIndexes.indexes' must be a non-empty array");
    const specs = (raw as Doc[]).map(normalizeIndexSpec);
    // Checked here, not when a data directory's indexes are rebuilt: an index built before the
    // check must not stop the engine from starting.
    for (const spec of specs)
      if (spec.partialFilterExpression !== undefined) checkPartialFilter(spec.partialFilterExpression);
    const created = !ctx.state.engine.collection(ctx.db, name);
    const coll = ctx.state.engine.ensure(ctx.db, name, ctx.log);
    const before = coll.indexes.size;
    for (const spec of specs) {
      const sameName = coll.indexes.get(spec.name);
      const keyJson = JSON.stringify(spec.key);
      const sameKey = [...coll.indexes.values()].find((ix) => JSON.stringify(ix.spec.key) === keyJson);
      // `{ _id: 1 }` is the index every collection has, whatever name it is asked under.
      if (keyJson === '{"_id":1}' && !spec.sparse && !spec.partialFilterExpression) continue;
      if (sameName) {
        if (JSON.stringify(sameName.spec.key) !== keyJson) {
          throw new MongoCommandError(
            86,
            'IndexKeySpecsConflict',
            `An existing index has the same name as the requested index but a different key specification. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
          );
        }
        if (spec.name !== '_id_' && !sameIndexOptions(sameName.spec, spec)) {
          throw new MongoCommandError(
            85,
            'IndexOptionsConflict',
            `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(sameName.spec)}`,
          );
        }
        continue;
      }
      if (sameKey && sameIndexOptions(sameKey.spec, spec)) {
        throw new MongoCommandError(
          85,
          'IndexOptionsConflict',
          `Index already exists with a different name: ${sameKey.name}`,
        );
      }
      coll.createIndex(spec, ctx.log);
    }
    const reply: Doc = {
      numIndexesBefore: before,
      numIndexesAfter: coll.indexes.size,
      createdCollectionAutomatically: created,
    };
    if (before === coll.indexes.size) reply.note = 'all indexes already exist';
    return reply;
  },
};

export const listIndexesCommand: CommandDef = {
  options: ['cursor'],
  run(ctx) {
    const name = collectionName(ctx.body, 'listIndexes');
    const coll = ctx.state.engine.collection(ctx.db, name);
    if (!coll) throw namespaceNotFound(`ns does not exist: ${ctx.db}.${name}`);
    const items: IndexSpec[] = [...coll.indexes.values()].map((ix) => {
      const { unique, ...rest } = ix.spec;
      // The implicit _id index is unique but, as in mongod, is not listed with `unique: true`.
      return ix.name === '_id_' ? rest : { ...rest, ...(unique ? { unique } : {}) };
    });
    const batchSize = countOption(
      (ctx.body.cursor as Doc | undefined) ?? {},
      'batchSize',
      'listIndexes.cursor.batchSize',
      DEFAULT_FIRST_BATCH,
    );
    return cursorFirstBatch(ctx, `${ctx.db}.${name}`, items, batchSize, false);
  },
};

export const dropIndexesCommand: CommandDef = {
  options: ['index'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'dropIndexes');
    const coll = ctx.state.engine.collection(ctx.db, name);
    if (!coll) throw namespaceNotFound(`ns not found ${ctx.db}.${name}`);
    const nIndexesWas = coll.indexes.size;
    const target = ctx.body.index;
    let names: string[];
    if (target === '*') names = [...coll.indexes.keys()].filter((n) => n !== '_id_');
    else if (typeof target === 'string') names = [target];
    else if (Array.isArray(target)) names = target.map(String);
    else if (target && typeof target === 'object') {
      const want = JSON.stringify(target);
      const found = [...coll.indexes.values()].find((ix) => JSON.stringify(ix.spec.key) === want);
      if (!found) throw indexNotFound(`can't find index with key: ${want}`);
      names = [found.name];
    } else throw typeMismatch("BSON field 'dropIndexes.index' is missing or is the wrong type");
    for (const n of names) if (!coll.indexes.has(n)) throw indexNotFound(`index not found with name [${n}]`);
    for (const n of names) coll.dropIndex(n, ctx.log);
    return { nIndexesWas };
  },
};
