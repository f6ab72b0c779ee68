import { badValue } from '../errors.js';
import type { CommandDef } from './types.js';

/**
 * `dbStats` (https://www.mongodb.com/docs/manual/reference/command/dbStats/), what mongosh's
 * `db.stats()` and Compass ask: counts as mongod gives them; sizes are the BSON bytes stored
 * (the engine keeps no files per collection or index: `storageSize` is the data size and
 * `indexSize` 0), divided by `scale` (a positive number; mongod refuses others).
 */
export const dbStatsCommand: CommandDef = {
  options: ['scale', 'freeStorage'],
  run(ctx) {
    const scale = ctx.body.scale ?? 1;
    if (typeof scale !== 'number' || !(scale >= 1)) throw badValue('Scale factor must be greater than zero');
    const factor = Math.trunc(scale);
    const colls = ctx.state.engine.collections(ctx.db);
    let objects = 0;
    let dataSize = 0;
    let indexes = 0;
    for (const c of colls) {
      objects += c.size;
      dataSize += c.docs.bytes;
      indexes += c.indexes.size;
    }
    return {
      db: ctx.db,
      collections: colls.length,
      views: 0,
      objects,
      avgObjSize: objects === 0 ? 0 : dataSize / objects,
      dataSize: dataSize / factor,
      storageSize: dataSize / factor,
      indexes,
      indexSize: 0,
      totalSize: dataSize / factor,
      scaleFactor: factor,
    };
  },
};
