import { deserialize } from 'bson';
import {
  MongoCommandError,
  illegalOperation,
  invalidNamespace,
  namespaceExists,
  namespaceNotFound,
} from '../errors.js';
import { refuseOutsideAdmin } from './options.js';
import type { CommandDef } from './types.js';

/** `db.coll` split at its first dot (a collection name may hold dots, a database name may not). */
function splitNamespace(ns: unknown, what: string): [string, string] {
  if (typeof ns !== 'string')
    throw new MongoCommandError(14, 'TypeMismatch', `${what} namespace has invalid type ${typeof ns}`);
  const dot = ns.indexOf('.');
  if (dot <= 0 || dot === ns.length - 1) throw invalidNamespace(`Invalid ${what} namespace: ${ns}`);
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}

/**
 * `renameCollection` (https://www.mongodb.com/docs/manual/reference/command/renameCollection/),
 * run against `admin`, also across databases: the target gets the source's options, indexes and
 * documents (in their order), then the source is dropped, all in one command's change log, so a
 * durable engine journals it as one commit. Refusals with mongod's codes: outside admin → 13,
 * onto itself → 20, no source → 26 "Source collection … does not exist", an existing target
 * without `dropTarget: true` → 48 "target namespace exists".
 */
export const renameCollectionCommand: CommandDef = {
  options: ['to', 'dropTarget', 'stayTemp'],
  write: true,
  run(ctx) {
    refuseOutsideAdmin(ctx);
    const [fromDb, fromName] = splitNamespace(ctx.body.renameCollection, 'source');
    const [toDb, toName] = splitNamespace(ctx.body.to, 'target');
    const { engine } = ctx.state;
    if (fromDb === toDb && fromName === toName) throw illegalOperation("Can't rename a collection to itself");
    const source = engine.collection(fromDb, fromName);
    if (!source) throw namespaceNotFound(`Source collection ${fromDb}.${fromName} does not exist`);
    if (engine.collection(toDb, toName)) {
      if (ctx.body.dropTarget !== true) throw namespaceExists('target namespace exists');
      engine.drop(toDb, toName, ctx.log);
    }
    // Within one database mongod's rename keeps the collection's UUID; across databases it is new.
    const uuid = fromDb === toDb ? source.uuid : undefined;
    const target = engine.create(toDb, toName, source.options, ctx.log, uuid);
    for (const [name, index] of source.indexes) if (name !== '_id_') target.createIndex(index.spec, ctx.log);
    for (const rid of source.docs.rids()) {
      const raw = source.raw(rid);
      if (raw) target.insert(deserialize(raw), ctx.log, raw, 'restore');
    }
    engine.drop(fromDb, fromName, ctx.log);
    return {};
  },
};
