import { Long } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { CommandContext, CommandDef, Doc, ServerState } from './types.js';
import { MAX_BSON_SIZE, MAX_MESSAGE_SIZE } from '../wire/header.js';
import { MAX_BSON_DEPTH } from '../bson/depth.js';
import { topologyVersion } from '../server/awaitable-hello.js';

/** mongod's maxWriteBatchSize: the most statements one write command (or bulkWrite) may carry. */
export const MAX_WRITE_BATCH_SIZE = 100_000;

/**
 * A standalone server's hello, with the `topologyVersion` that lets drivers monitor it through the
 * streaming protocol (server/awaitable-hello.ts). No compression is advertised.
 */
export function helloReply(
  ctx: Pick<CommandContext, 'connectionId' | 'body' | 'state'>,
  legacy: boolean,
): Doc {
  const reply: Doc = {
    ...(ctx.body.helloOk === true ? { helloOk: true } : {}),
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    maxBsonObjectSize: MAX_BSON_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: ctx.state.server.maxWireVersion,
    readOnly: false,
    topologyVersion: topologyVersion(ctx.state),
  };
  return reply;
}

/** serverStatus.connections as mongod reports it (the fields tools such as mongostat read). */
function connectionsSection(state: ServerState): Doc {
  const { current, totalCreated, rejected } = state.connections;
  return {
    current,
    available: state.limits.maxConnections - current,
    totalCreated,
    rejected,
  };
}

/** getParameter's answers; the feature compatibility version follows the release answered as. */
const parameters = (featureCompatibilityVersion: string): Doc => ({
  featureCompatibilityVersion: { version: featureCompatibilityVersion },
  authenticationMechanisms: [],
  maxBSONDepth: MAX_BSON_DEPTH,
  internalQueryMaxBlockingSortMemoryUsageBytes: 100 * 1024 * 1024,
  ttlMonitorEnabled: true,
  ttlMonitorSleepSecs: 60,
});

const PARAMETER_NAMES = Object.keys(parameters(''));

export const handshakeCommands: Record<string, CommandDef> = {
  hello: { options: [], acceptsUnknownFields: true, run: (ctx) => helloReply(ctx, false) },
  isMaster: { options: [], acceptsUnknownFields: true, run: (ctx) => helloReply(ctx, true) },
  ismaster: { options: [], acceptsUnknownFields: true, run: (ctx) => helloReply(ctx, true) },
  ping: { options: [], run: () => ({}) },
  buildInfo: {
    options: [],
    run: (ctx) => ({
      version: ctx.state.server.version,
      gitVersion: 'embedded',
      versionArray: ctx.state.server.versionArray,
      bits: 64,
      debug: false,
      maxBsonObjectSize: MAX_BSON_SIZE,
      storageEngines: ['embedded'],
      modules: [],
      javascriptEngine: 'none',
    }),
  },
  getParameter: {
    options: PARAMETER_NAMES.concat(['allParameters', 'showDetails']),
    run: (ctx) => {
      const params = parameters(ctx.state.server.featureCompatibilityVersion);
      if (ctx.body.getParameter === '*' || ctx.body.allParameters === true) return params;
      const out: Doc = {};
      for (const key of Object.keys(ctx.body).slice(1)) if (key in params) out[key] = params[key];
      if (Object.keys(out).length === 0)
        throw new MongoCommandError(72, 'InvalidOptions', 'no option found to get');
      return out;
    },
  },
  endSessions: { options: [], run: () => ({}) },
  /** mongosh and Compass ask these on connect; answers are those of an unauthenticated standalone. */
  connectionStatus: {
    options: ['showPrivileges'],
    run: () => ({ authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] } }),
  },
  serverStatus: {
    options: ['repl', 'metrics', 'locks', 'opcounters', 'wiredTiger', 'tcmalloc'],
    run: (ctx) => ({
      host: 'embedded',
      version: ctx.state.server.version,
      process: 'embedded-mongo',
      uptime: (Date.now() - ctx.state.startedAt) / 1000,
      localTime: new Date(),
      connections: connectionsSection(ctx.state),
      metrics: { cursor: { open: { total: Long.fromNumber(ctx.state.cursors.size) } } },
    }),
  },
};
