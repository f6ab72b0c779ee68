import { MongoCommandError, toCommandError } from '../errors.js';
import { typeMismatch, unknownField } from '../errors.js';
import type { CommandContext, Doc } from './types.js';
import { decodeTyped } from '../bson/typed-decode.js';
import { decodeCommandDoc, decodeStored } from '../bson/command-decode.js';

/** One entry of a write command's `writeErrors` array. */
export function writeError(index: number, err: unknown): Doc {
  const e = toCommandError(err);
  return { index, code: e.code, codeName: e.codeName, errmsg: e.message, ...e.extra };
}

/** The statements of a write command, from its body array or its OP_MSG document sequence. */
export function statements(ctx: CommandContext, field: string): { docs: Doc[]; raw: Buffer[] | undefined } {
  const raw = ctx.sequences.get(field);
  if (raw) return { docs: raw.map(field === 'documents' ? decodeStored : decodeCommandDoc), raw };
  const v = ctx.body[field];
  if (!Array.isArray(v))
    throw typeMismatch(
      `BSON field '${ctx.name}.${field}' is missing or is the wrong type, expected an array`,
    );
  return { docs: v as Doc[], raw: undefined };
}

/** The same statements decoded with their BSON types kept (index for index). */
export function typedStatements(ctx: CommandContext, field: string): Doc[] {
  const raw = ctx.sequences.get(field);
  if (raw) return raw.map(decodeTyped);
  const v = ctx.typedBody()[field];
  return Array.isArray(v) ? (v as Doc[]) : [];
}

export function withWriteErrors(reply: Doc, errors: Doc[]): Doc {
  if (errors.length > 0) reply.writeErrors = errors;
  return reply;
}

/**
 * Runs each statement of a write command, first refusing fields outside `allowed` (`path` names
 * the statement array, e.g. `delete.deletes`); returns one write error per failed statement, and
 * an ordered command stops at the first.
 */
export function runStatements(
  docs: Doc[],
  ordered: boolean,
  path: string,
  allowed: ReadonlySet<string>,
  run: (stmt: Doc, index: number) => void,
): Doc[] {
  const errors: Doc[] = [];
  docs.forEach((stmt, i) => {
    if (errors.length && ordered) return;
    try {
      checkStatementFields(stmt, path, allowed);
      run(stmt, i);
    } catch (err) {
      rethrowInterruption(err);
      errors.push(writeError(i, err));
    }
  });
  return errors;
}

/** runStatements for statements that may pause for other connections part-way (yielding-writes.ts). */
export async function runStatementsYielding(
  docs: Doc[],
  ordered: boolean,
  path: string,
  allowed: ReadonlySet<string>,
  run: (stmt: Doc, index: number) => Promise<void>,
): Promise<Doc[]> {
  const errors: Doc[] = [];
  for (const [i, stmt] of docs.entries()) {
    if (errors.length && ordered) break;
    try {
      checkStatementFields(stmt, path, allowed);
      await run(stmt, i);
    } catch (err) {
      rethrowInterruption(err);
      errors.push(writeError(i, err));
    }
  }
  return errors;
}

/**
 * Errors that end the whole command rather than one statement: mongod fails the batch on an
 * interruption (maxTimeMS, a killed operation), so no later statement runs past the deadline.
 */
const INTERRUPTIONS = new Set([50, 11601]);

export function rethrowInterruption(err: unknown): void {
  if (err instanceof MongoCommandError && INTERRUPTIONS.has(err.code)) throw err;
}

function checkStatementFields(stmt: Doc, path: string, allowed: ReadonlySet<string>): void {
  for (const k of Object.keys(stmt))
    if (!allowed.has(k)) throw unknownField(`BSON field '${path}.${k}' is an unknown field.`);
}
