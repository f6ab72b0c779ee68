import { serialize } from 'bson';
import { restoreUndefined } from '../bson/undefined-value.js';
import { MongoCommandError, commandNotFound, durabilityFailure, toCommandError } from '../errors.js';
import { commandFor } from '../commands/registry.js';
import { checkCommandFields } from '../commands/options.js';
import { checkApiParameters } from '../commands/stable-api.js';
import type { CommandContext, CommandDef, Doc, ServerState } from '../commands/types.js';
import type { ChangeLog } from '../storage/change-log.js';
import { decodeTyped } from '../bson/typed-decode.js';
import type { OpMsg } from '../wire/op-msg.js';
import { runWithDeadline } from './deadline.js';
import { recordUsage } from '../commands/usage-top.js';

function errorReply(err: unknown): Uint8Array {
  const e = toCommandError(err);
  return serialize({ ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra });
}

/**
 * One command's context. A class rather than an object literal with closures: it is built for every
 * command, and its typed body is decoded only if the command asks for it.
 */
class CommandCall implements CommandContext {
  private typed: Doc | undefined;

  constructor(
    readonly def: CommandDef,
    readonly db: string,
    readonly name: string,
    readonly body: Doc,
    private readonly bodyBytes: Buffer,
    readonly sequences: Map<string, Buffer[]>,
    readonly state: ServerState,
    readonly connectionId: number,
    readonly log: ChangeLog,
  ) {}

  typedBody(): Doc {
    return (this.typed ??= decodeTyped(this.bodyBytes));
  }
}

const runCall = (call: CommandCall) => call.def.run(call);

/**
 * Runs one command and returns its encoded reply. A write's reply waits until its changes are
 * durable. Long reads and multi-document writes may pause part-way so other connections are served
 * meanwhile; the engine's one change log keeps the journal in the order changes were made.
 */
export async function runCommand(
  state: ServerState,
  { body, bodyBytes, sequences }: Pick<OpMsg, 'body' | 'bodyBytes' | 'sequences'>,
  connectionId: number,
): Promise<Uint8Array> {
  const name = firstKey(body);
  const def = commandFor(state.server, name);
  const db = body.$db;
  const log = state.changes.forCommand();
  const started = performance.now();
  let reply: Uint8Array;
  try {
    if (!def) throw commandNotFound(name);
    if (typeof db !== 'string')
      throw new MongoCommandError(40414, 'Location40414', "BSON field '$db' is missing but a required field");
    checkApiParameters(name, body);
    if (!def.acceptsUnknownFields) checkCommandFields(name, body, def.options, sequences.keys());
    const call = new CommandCall(def, db, name, body, bodyBytes, sequences, state, connectionId, log);
    const result = runWithDeadline(body.maxTimeMS, runCall, call);
    // Only long reads return a promise; a write's reply is built in the same turn as its changes.
    const out = result instanceof Promise ? await result : result;
    reply = Buffer.isBuffer(out) ? out : restoreUndefined(serialize({ ...out, ok: 1 }));
    recordUsage(state, db, name, body, def.write === true, (performance.now() - started) * 1000);
  } catch (err) {
    reply = errorReply(err);
  }
  if (def?.write) {
    try {
      await log.commit();
    } catch (err) {
      reply = errorReply(durabilityFailure(err));
    }
  }
  return reply;
}

/** The command's name: the body's first field (without listing every key of the body). */
function firstKey(body: Doc): string {
  for (const key in body) return key;
  return '';
}
