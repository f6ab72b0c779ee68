import type { StorageEngine } from '../storage/engine.js';
import type { CursorStore } from '../cursors/cursor-store.js';
import type { ChangeLog, EngineChanges } from '../storage/change-log.js';
import type { ConnectionCounters, ConnectionLimits } from '../server/connection-limits.js';
import type { ServerProfile } from './server-version.js';

export type Doc = Record<string, unknown>;

export type ServerState = {
  engine: StorageEngine;
  cursors: CursorStore;
  /** Every command's changes, in the order made, until they are committed (shared: see ChangeLog). */
  changes: EngineChanges;
  startedAt: number;
  limits: ConnectionLimits;
  connections: ConnectionCounters;
  /** The MongoDB release the engine answers as (handshake, buildInfo, available commands). */
  server: ServerProfile;
};

export type CommandContext = {
  db: string;
  name: string;
  body: Doc;
  /** The body decoded with its BSON types kept (int32/int64/double), decoded on first use. */
  typedBody(): Doc;
  /** OP_MSG kind-1 sections (e.g. `documents` of insert), raw BSON per document. */
  sequences: Map<string, Buffer[]>;
  state: ServerState;
  connectionId: number;
  log: ChangeLog;
};

/** A reply document (ok:1 is added) or an already encoded BSON reply (cursor fast path). */
type CommandReply = Doc | Buffer;

export type CommandDef = {
  /** Fields this command accepts besides its name and the generic ones every command takes. */
  options: readonly string[];
  /**
   * The handshake takes whatever a driver adds (mongod ignores unknown hello fields; new drivers
   * send new ones, e.g. `backpressure`), so it is not checked against `options`.
   */
  acceptsUnknownFields?: boolean;
  /** Write commands wait for durability before replying. */
  write?: boolean;
  /**
   * Write commands run synchronously (their changes and their commit must not interleave); long
   * reads may return a promise and pause for other connections part-way.
   */
  run(ctx: CommandContext): CommandReply | Promise<CommandReply>;
};
