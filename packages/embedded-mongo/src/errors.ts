import { Decimal128, Double, Int32, Long } from 'bson';
/** A command failure answered to the client as `{ ok: 0, errmsg, code, codeName }`, as mongod does. */
export class MongoCommandError extends Error {
  constructor(
    readonly code: number,
    readonly codeName: string,
    message: string,
    /** Extra fields mongod adds for some errors (e.g. keyPattern/keyValue on 11000). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badValue = (msg: string) => new MongoCommandError(2, 'BadValue', msg);
/** An error mongod raises with a numbered assertion (codeName `Location<code>`). */
export const locationError = (code: number, msg: string) =>
  new MongoCommandError(code, `Location${String(code)}`, msg);
export const failedToParse = (msg: string) => new MongoCommandError(9, 'FailedToParse', msg);
export const typeMismatch = (msg: string) => new MongoCommandError(14, 'TypeMismatch', msg);
export const illegalOperation = (msg: string) => new MongoCommandError(20, 'IllegalOperation', msg);
export const namespaceNotFound = (msg: string) => new MongoCommandError(26, 'NamespaceNotFound', msg);
export const indexNotFound = (msg: string) => new MongoCommandError(27, 'IndexNotFound', msg);
export const namespaceExists = (msg: string) => new MongoCommandError(48, 'NamespaceExists', msg);
export const cursorNotFound = (id: bigint) =>
  new MongoCommandError(43, 'CursorNotFound', `cursor id ${id.toString()} not found`);
export const commandNotFound = (name: string) =>
  new MongoCommandError(59, 'CommandNotFound', `no such command: '${name}'`);
export const invalidNamespace = (msg: string) => new MongoCommandError(73, 'InvalidNamespace', msg);
export const immutableField = (msg: string) => new MongoCommandError(66, 'ImmutableField', msg);
export const unknownField = (msg: string) => new MongoCommandError(40415, 'Location40415', msg);
/** mongod's parser refusing a field below its declared minimum (IDL `validator: { gte: … }`). */
export const belowMinimum = (field: string, min: number, actual: number | bigint) =>
  new MongoCommandError(
    51024,
    'Location51024',
    `BSON field '${field}' value must be >= ${String(min)}, actual value '${String(actual)}'`,
  );
export const tooLarge = (msg: string) => new MongoCommandError(10334, 'BSONObjectTooLarge', msg);
export const conflictingUpdate = (msg: string) =>
  new MongoCommandError(40, 'ConflictingUpdateOperators', msg);

/** Turns anything thrown inside a command (mingo throws plain Errors) into a MongoDB error. */
export function toCommandError(err: unknown): MongoCommandError {
  if (err instanceof MongoCommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  // mingo reports unknown operators as "unknown ... operator $x"; mongod says BadValue "unknown operator: $x".
  if (/would modify the immutable field/.test(message)) return immutableField(message.replace(/\.$/, ''));
  if (/Cannot do exclusion and inclusion in projection/.test(message)) {
    return new MongoCommandError(
      31254,
      'Location31254',
      'Cannot do exclusion and inclusion in the same projection',
    );
  }
  // mingo: "Path collision at a.b." for a projection naming a path and its prefix.
  const collision = /^Path collision at ([^ ]+?)\.?$/.exec(message);
  if (collision) {
    const path = collision[1] ?? '';
    const rest = path.split('.').slice(1).join('.');
    return new MongoCommandError(
      31250,
      'Location31250',
      `Path collision at ${path} remaining portion ${rest}`,
    );
  }
  const topLevel = /unknown top level operator: (\$[A-Za-z0-9_]+)/.exec(message);
  if (topLevel) return badValue(`unknown top level operator: ${topLevel[1] ?? ''}`);
  const unknownOp = /operator[^$]*(\$[A-Za-z0-9_]+)/i.exec(message);
  if (unknownOp && /unknown|not (found|registered|supported)|invalid/i.test(message)) {
    return badValue(`unknown operator: ${unknownOp[1] ?? ''}`);
  }
  // mingo: "accumulator '$foo' is not registered." for unknown expression operators.
  const unregistered = /'(\$[A-Za-z0-9_]+)' is not registered/.exec(message);
  if (unregistered) {
    return new MongoCommandError(
      168,
      'InvalidPipelineOperator',
      `Unrecognized expression '${unregistered[1] ?? ''}'`,
    );
  }
  return badValue(message);
}

/** Renders any value for an error message without `[object Object]`. */
export function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return 'undefined';
  if (typeof v === 'object' && v !== null) {
    // BSON numbers by their value (a Long's JSON form is its two 32-bit halves).
    if (v instanceof Long || v instanceof Decimal128 || v instanceof Int32 || v instanceof Double)
      return v.toString();
    try {
      return JSON.stringify(v);
    } catch {
      return Object.prototype.toString.call(v);
    }
  }
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : typeof v;
}

/** A write's changes could not be made durable (journal or disk failure). */
export function durabilityFailure(err: unknown): MongoCommandError {
  return new MongoCommandError(
    8,
    'UnknownError',
    `durability failure: ${err instanceof Error ? err.message : String(err)}`,
  );
}
