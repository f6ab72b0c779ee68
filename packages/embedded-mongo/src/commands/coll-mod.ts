import { MongoCommandError, badValue, indexNotFound, namespaceNotFound, show } from '../errors.js';
import type { IndexStore } from '../indexes/index-store.js';
import { valuesEqual } from '../bson/compare.js';
import { collectionName } from './options.js';
import type { CommandDef, Doc } from './types.js';

const invalidOptions = (msg: string) => new MongoCommandError(72, 'InvalidOptions', msg);

/** Collection options the engine has no support for (create refuses them the same way). */
const UNSUPPORTED = [
  'validator',
  'validationLevel',
  'validationAction',
  'viewOn',
  'pipeline',
  'expireAfterSeconds',
  'changeStreamPreAndPostImages',
  'timeseries',
  'cappedSize',
  'cappedMax',
];

/**
 * `collMod` (https://www.mongodb.com/docs/manual/reference/command/collMod/) for what the engine
 * has: an index made hidden or visible, or its TTL changed (`index: {keyPattern | name, hidden,
 * expireAfterSeconds}`), answered as mongod's coll_mod.cpp does (`hidden_old`/`hidden_new`,
 * `expireAfterSeconds_old`/`_new`). Validators, views, capped sizes and the other collection options
 * are refused, as `create` refuses them. A durable engine journals the changed index as a drop and
 * a create of the new definition (a restart rebuilds it from the documents anyway).
 */
export const collModCommand: CommandDef = {
  options: [...UNSUPPORTED, 'index', 'dryRun', 'recordPreImages'],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'collMod');
    for (const opt of UNSUPPORTED)
      if (ctx.body[opt] !== undefined)
        throw badValue(`collMod option '${opt}' is not supported by the embedded engine`);
    const coll = ctx.state.engine.collection(ctx.db, name);
    if (!coll) throw namespaceNotFound('ns does not exist');
    const change = ctx.body.index;
    if (change === undefined) return {};
    if (change === null || typeof change !== 'object' || Array.isArray(change))
      throw new MongoCommandError(14, 'TypeMismatch', `BSON field 'collMod.index' is the wrong type`);
    const spec = change as Doc;
    const index = findIndex(coll.indexes.values(), spec, coll.ns);
    const reply: Doc = {};
    const next = { ...index.spec };
    if (spec.expireAfterSeconds !== undefined) {
      if (index.spec.expireAfterSeconds === undefined)
        throw invalidOptions('no expireAfterSeconds field to update');
      const secs = spec.expireAfterSeconds;
      if (typeof secs !== 'number' || !Number.isInteger(secs) || secs < 0)
        throw badValue(`TTL index 'expireAfterSeconds' option must be a non-negative integer: ${show(secs)}`);
      reply.expireAfterSeconds_old = index.spec.expireAfterSeconds;
      reply.expireAfterSeconds_new = secs;
      next.expireAfterSeconds = secs;
    }
    if (spec.hidden !== undefined) {
      if (typeof spec.hidden !== 'boolean')
        throw new MongoCommandError(
          14,
          'TypeMismatch',
          `BSON field 'collMod.index.hidden' is the wrong type`,
        );
      if (index.name === '_id_') throw badValue("can't hide _id index");
      reply.hidden_old = index.spec.hidden === true;
      reply.hidden_new = spec.hidden;
      if (spec.hidden) next.hidden = true;
      else delete next.hidden;
    }
    if (Object.keys(reply).length === 0) throw invalidOptions('no expireAfterSeconds or hidden field');
    if (ctx.body.dryRun !== true) coll.redefineIndex(index.name, next, ctx.log);
    return reply;
  },
};

/** The index a collMod names by `name` or by `keyPattern` (exactly one of them). */
function findIndex(indexes: Iterable<IndexStore>, spec: Doc, ns: string): IndexStore {
  const { name, keyPattern } = spec;
  if (name !== undefined && keyPattern !== undefined)
    throw badValue('Cannot specify both key pattern and name.');
  if (name === undefined && keyPattern === undefined)
    throw badValue('Must specify either index name or key pattern.');
  for (const index of indexes) {
    if (name !== undefined ? index.name === name : valuesEqual(index.spec.key, keyPattern)) return index;
  }
  throw indexNotFound(`cannot find index ${show(name ?? keyPattern)} for ns ${ns}`);
}
