import { serialize } from 'bson';
import { MongoCommandError, commandNotFound, durabilityFailure, toCommandError } from '../errors.js';
import { commandFor } from '../commands/registry.js';
import { checkCommandFields } from '../commands/options.js';
import { checkApiParameters } from '../commands/stable-api.js';
import type { Doc, ServerState } from '../commands/types.js';
import { decodeTyped } from '../bson/typed-decode.js';
import type { OpMsg } from '../wire/op-msg.js';
import { runWithDeadline } from './deadline.js';

function errorReply(err: unknown): Uint8Array {
  const e = toCommandError(err);
  return serialize({ ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra });
}

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
  const name = Object.keys(body)[0] ?? '';
  const def = commandFor(state.server, name);
  const db = body.$db;
  const log = state.changes.forCommand();
  let reply: Uint8Array;
  try {
    if (!def) throw commandNotFound(name);
    if (typeof db !== 'string')
      throw new MongoCommandError(40414, 'Location40414', "BSON field '$db' is missing but a required field");
    checkApiParameters(name, body);
    if (!def.acceptsUnknownFields) checkCommandFields(name, body, def.options, sequences.keys());
    let typedBody: Doc | undefined;
    const typed = () => (typedBody ??= decodeTyped(bodyBytes));
    const result = runWithDeadline(body.maxTimeMS, () =>
      def.run({ db, name, body, typedBody: typed, sequences, state, connectionId, log }),
    );
    // Only long reads return a promise; a write's reply is built in the same turn as its changes.
    const out = result instanceof Promise ? await result : result;
    reply = Buffer.isBuffer(out) ? out : serialize({ ...out, ok: 1 });
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
