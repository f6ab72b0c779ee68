import { deserialize } from 'bson';
import { regexesToJs } from '../query/regex-translate.js';

/**
 * A received command document (or a statement of a document sequence) decoded for execution: BSON
 * regexes are read as BSONRegExps first (bson's own RegExp decoding drops the `x` option and turns
 * `s` into JavaScript's `g`), then given their JavaScript form with MongoDB's meaning.
 */
export const decodeCommandDoc = (bytes: Uint8Array): Record<string, unknown> =>
  regexesToJs(deserialize(bytes, { bsonRegExp: true })) as Record<string, unknown>;
