import { Query } from 'mingo/query';
import { checkValidateOptions } from './validate-options.js';
import { badValue, namespaceNotFound } from '../errors.js';
import { queryOptions } from '../query/mingo-context.js';
import { checkCollation } from './find.js';
import { DEFAULT_FIRST_BATCH, cursorFirstBatch } from './batching.js';
import { collectionName, countOption, docOption, refuseOutsideAdmin } from './options.js';
import type { CommandDef, Doc } from './types.js';

/** Collection options a plain collection can have; capped, validators, views and time series are refused. */
const UNSUPPORTED_CREATE = [
  'capped',
  'size',
  'max',
  'validator',
  'validationLevel',
  'validationAction',
  'timeseries',
  'expireAfterSeconds',
  'clusteredIndex',
  'viewOn',
  'pipeline',
  'changeStreamPreAndPostImages',
];

export const createCommand: CommandDef = {
  options: [
    ...UNSUPPORTED_CREATE,
    'collation',
    'storageEngine',
    'indexOptionDefaults',
    'idIndex',
    'autoIndexId',
  ],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'create');
    for (const opt of UNSUPPORTED_CREATE) {
      if (ctx.body[opt] !== undefined && ctx.body[opt] !== false) {
        throw badValue(`create option '${opt}' is not supported by the embedded engine`);
      }
    }
    if (ctx.body.collation !== undefined) checkCollation(ctx.body.collation);
    ctx.state.engine.create(ctx.db, name, {}, ctx.log);
    return {};
  },
};

export const dropCommand: CommandDef = {
  options: [],
  write: true,
  run(ctx) {
    const name = collectionName(ctx.body, 'drop');
    const coll = ctx.state.engine.collection(ctx.db, name);
    // MongoDB 7.0 answers ok for a collection that does not exist.
    if (!coll) return {};
    const nIndexesWas = coll.indexes.size;
    ctx.state.engine.drop(ctx.db, name, ctx.log);
    return { ns: coll.ns, nIndexesWas };
  },
};

export const dropDatabaseCommand: CommandDef = {
  options: [],
  write: true,
  run(ctx) {
    ctx.state.engine.dropDatabase(ctx.db, ctx.log);
    return { dropped: ctx.db };
  },
};

export const listCollectionsCommand: CommandDef = {
  options: ['filter', 'nameOnly', 'authorizedCollections', 'cursor'],
  run(ctx) {
    const filter = docOption(ctx.body, 'filter');
    const nameOnly = ctx.body.nameOnly === true;
    let items: Doc[] = ctx.state.engine.collections(ctx.db).map((c) =>
      nameOnly
        ? { name: c.name, type: 'collection' }
        : {
            name: c.name,
            type: 'collection',
            options: c.options,
            info: { readOnly: false },
            idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
          },
    );
    if (filter && Object.keys(filter).length) {
      const q = new Query(filter, queryOptions);
      items = items.filter((d) => q.test(d));
    }
    const batchSize = countOption(
      (ctx.body.cursor as Doc | undefined) ?? {},
      'batchSize',
      'listCollections.cursor.batchSize',
      DEFAULT_FIRST_BATCH,
    );
    return cursorFirstBatch(ctx, `${ctx.db}.$cmd.listCollections`, items, batchSize, false);
  },
};

export const listDatabasesCommand: CommandDef = {
  options: ['filter', 'nameOnly', 'authorizedDatabases'],
  run(ctx) {
    refuseOutsideAdmin(ctx);
    let databases: Doc[] = [...ctx.state.engine.dbs.entries()].map(([name, colls]) => {
      let size = 0;
      for (const c of colls.values()) size += c.docs.bytes;
      return ctx.body.nameOnly === true ? { name } : { name, sizeOnDisk: size, empty: size === 0 };
    });
    const filter = docOption(ctx.body, 'filter');
    if (filter && Object.keys(filter).length) {
      const q = new Query(filter, queryOptions);
      databases = databases.filter((d) => q.test(d));
    }
    const totalSize = databases.reduce((n, d) => n + Number(d.sizeOnDisk ?? 0), 0);
    return ctx.body.nameOnly === true
      ? { databases }
      : { databases, totalSize, totalSizeMb: Math.floor(totalSize / 1048576) };
  },
};

/**
 * `validate` (https://www.mongodb.com/docs/manual/reference/command/validate/): drivers and tools
 * call it. The engine's documents and indexes live in memory and are rebuilt at every start, so a
 * collection is always consistent; the answer is mongod's for a healthy collection.
 */
export const validateCommand: CommandDef = {
  options: ['full', 'repair', 'metadata', 'checkBSONConformance', 'background', 'enforceFastCount'],
  run(ctx) {
    const name = collectionName(ctx.body, 'validate');
    const coll = ctx.state.engine.collection(ctx.db, name);
    if (!coll) throw namespaceNotFound(`Collection '${ctx.db}.${name}' does not exist to validate.`);
    checkValidateOptions(ctx.body);
    const keysPerIndex: Doc = {};
    const indexDetails: Doc = {};
    for (const [indexName, index] of coll.indexes) {
      keysPerIndex[indexName] = index.tree.size;
      indexDetails[indexName] = { valid: true };
    }
    return {
      ns: coll.ns,
      nInvalidDocuments: 0,
      nNonCompliantDocuments: 0,
      nrecords: coll.size,
      nIndexes: coll.indexes.size,
      keysPerIndex,
      indexDetails,
      valid: true,
      repaired: false,
      warnings: [],
      errors: [],
      extraIndexEntries: [],
      missingIndexEntries: [],
      corruptRecords: [],
    };
  },
};
