import { handshakeCommands } from './handshake.js';
import { findCommand } from './find.js';
import { getMoreCommand, killCursorsCommand } from './get-more.js';
import { insertCommand } from './insert.js';
import { updateCommand } from './update.js';
import { deleteCommand } from './delete.js';
import { findAndModifyCommand } from './find-and-modify.js';
import { aggregateCommand } from './aggregate.js';
import { countCommand, distinctCommand } from './count-distinct.js';
import {
  createCommand,
  dropCommand,
  dropDatabaseCommand,
  listCollectionsCommand,
  listDatabasesCommand,
  validateCommand,
} from './collections.js';
import { createIndexesCommand, dropIndexesCommand, listIndexesCommand } from './indexes.js';
import { explainCommand } from './explain.js';
import { diagnosticCommands } from './diagnostics.js';
import { bulkWriteCommand } from './bulk-write.js';
import { renameCollectionCommand } from './rename-collection.js';
import { dbStatsCommand } from './db-stats.js';
import { collStatsCommand, dataSizeCommand } from './coll-stats.js';
import { collModCommand } from './coll-mod.js';
import { currentOpCommand, profileCommand } from './introspection.js';
import { topCommand } from './usage-top.js';
import { inApiVersion1 } from './stable-api.js';
import type { ServerProfile } from './server-version.js';
import type { CommandDef } from './types.js';

/** Every command the engine answers; anything else is CommandNotFound (59). */
const COMMANDS: Record<string, CommandDef> = {
  ...handshakeCommands,
  ...diagnosticCommands,
  find: findCommand,
  getMore: getMoreCommand,
  killCursors: killCursorsCommand,
  insert: insertCommand,
  update: updateCommand,
  delete: deleteCommand,
  findAndModify: findAndModifyCommand,
  findandmodify: findAndModifyCommand,
  aggregate: aggregateCommand,
  count: countCommand,
  distinct: distinctCommand,
  create: createCommand,
  drop: dropCommand,
  dropDatabase: dropDatabaseCommand,
  listCollections: listCollectionsCommand,
  listDatabases: listDatabasesCommand,
  createIndexes: createIndexesCommand,
  listIndexes: listIndexesCommand,
  dropIndexes: dropIndexesCommand,
  deleteIndexes: dropIndexesCommand,
  explain: explainCommand,
  validate: validateCommand,
  bulkWrite: bulkWriteCommand,
  renameCollection: renameCollectionCommand,
  dbStats: dbStatsCommand,
  dbstats: dbStatsCommand,
  collStats: collStatsCommand,
  collstats: collStatsCommand,
  dataSize: dataSizeCommand,
  datasize: dataSizeCommand,
  collMod: collModCommand,
  currentOp: currentOpCommand,
  profile: profileCommand,
  top: topCommand,
  listCommands: { options: [], run: (ctx) => ({ commands: commandList(ctx.state.server) }) },
};

/** Commands mongod runs only against the admin database. */
const ADMIN_ONLY = new Set([
  'bulkWrite',
  'renameCollection',
  'listDatabases',
  'currentOp',
  'top',
  'getCmdLineOpts',
  'getLog',
]);

/**
 * `listCommands` (https://www.mongodb.com/docs/manual/reference/command/listCommands/): every
 * command this release answers, by name, with the fields mongod gives each (`help` is mongod's
 * default text; reads may run on a secondary, writes not).
 */
function commandList(server: ServerProfile): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(COMMANDS).sort()) {
    const def = commandFor(server, name);
    if (!def) continue;
    out[name] = {
      help: 'no help defined',
      requiresAuth: false,
      secondaryOk: def.write !== true,
      adminOnly: ADMIN_ONLY.has(name),
      apiVersions: inApiVersion1(name) ? ['1'] : [],
      deprecatedApiVersions: [],
    };
  }
  return out;
}

/** The command `name` as the release the engine answers as has it (undefined: CommandNotFound). */
export function commandFor(server: ServerProfile, name: string): CommandDef | undefined {
  if (!Object.hasOwn(COMMANDS, name) || server.missingCommands.has(name)) return undefined;
  return COMMANDS[name];
}
