import { MongoCommandError } from '../errors.js';
import type { Doc } from './types.js';

/**
 * Stable API (https://www.mongodb.com/docs/manual/reference/stable-api/): a client created with
 * `serverApi: { version: '1' }` sends `apiVersion: "1"` with every command. Version 1 is the only
 * one; with `apiStrict: true` a command outside it is refused with 323 APIStrictError, as mongod
 * refuses it. The engine has no deprecated behaviour, so `apiDeprecationErrors` changes nothing.
 */
const API_V1_COMMANDS = new Set([
  'abortTransaction',
  'aggregate',
  'authenticate',
  'bulkWrite',
  'collMod',
  'commitTransaction',
  'count',
  'create',
  'createIndexes',
  'delete',
  'drop',
  'dropDatabase',
  'dropIndexes',
  'endSessions',
  'explain',
  'find',
  'findAndModify',
  'getMore',
  'hello',
  'insert',
  'killCursors',
  'listCollections',
  'listDatabases',
  'listIndexes',
  'ping',
  'refreshSessions',
  'update',
]);

/** Whether a command is in Stable API version 1 (listCommands' `apiVersions`). */
export const inApiVersion1 = (name: string): boolean => API_V1_COMMANDS.has(name);

export function checkApiParameters(name: string, body: Doc): void {
  const { apiVersion, apiStrict, apiDeprecationErrors } = body;
  if (apiVersion === undefined) {
    if (apiStrict !== undefined)
      throw new MongoCommandError(4886600, 'Location4886600', 'Provided apiStrict without apiVersion');
    if (apiDeprecationErrors !== undefined)
      throw new MongoCommandError(
        4886600,
        'Location4886600',
        'Provided apiDeprecationErrors without apiVersion',
      );
    return;
  }
  if (apiVersion !== '1') throw new MongoCommandError(322, 'APIVersionError', 'API version must be "1"');
  if (apiStrict === true && !API_V1_COMMANDS.has(name)) {
    throw new MongoCommandError(
      323,
      'APIStrictError',
      `Provided apiStrict:true, but the command ${name} is not in API Version 1. Information on supported commands and migrations in API Version 1 can be found at https://dochub.mongodb.org/core/manual-versioned-api`,
    );
  }
}

/**
 * Aggregation stages mongod registers as never in API version 1 (diagnostics, sessions, Atlas
 * Search and the newer query-statistics stages); with `apiStrict: true` they are refused with 323
 * before anything else looks at them, in nested pipelines too.
 */
const STAGES_OUTSIDE_V1 = new Set([
  '$currentOp',
  '$indexStats',
  '$listLocalSessions',
  '$listSessions',
  '$planCacheStats',
  '$search',
  '$searchMeta',
  '$vectorSearch',
  '$listSearchIndexes',
  '$queryStats',
  '$querySettings',
  '$listSampledQueries',
  '$rankFusion',
]);

/** The pipelines nested in one stage (`$facet`, `$lookup`, `$unionWith`). */
function nestedPipelines(name: string, spec: unknown): unknown[] {
  if (!spec || typeof spec !== 'object') return [];
  if (name === '$facet') return Object.values(spec);
  if (name === '$lookup' || name === '$unionWith') return [(spec as Doc).pipeline];
  return [];
}

export function checkStrictPipeline(body: Doc, pipeline: unknown): void {
  if (body.apiStrict !== true || !Array.isArray(pipeline)) return;
  for (const stage of pipeline as unknown[]) {
    if (!stage || typeof stage !== 'object') continue;
    for (const [name, spec] of Object.entries(stage)) {
      if (STAGES_OUTSIDE_V1.has(name))
        throw new MongoCommandError(
          323,
          'APIStrictError',
          `${name} is not allowed with 'apiStrict: true' in API Version 1`,
        );
      for (const nested of nestedPipelines(name, spec)) checkStrictPipeline(body, nested);
    }
  }
}
