import { deserialize } from 'bson';
import { regexesToJs } from '../query/regex-translate.js';

/**
 * A received command document (or a statement of a document sequence) decoded for execution: BSON
 * regexes are read as BSONRegExps first (bson's own RegExp decoding drops the `x` option and turns
 * `s` into JavaScript's `g`), then given their JavaScript form with MongoDB's meaning.
 */
export const decodeCommandDoc = (bytes: Uint8Array): Record<string, unknown> =>
  regexesToJs(deserialize(bytes, { bsonRegExp: true })) as Record<string, unknown>;

/**
 * A document to insert, decoded for its index keys and checks only (its bytes are what is stored),
 * the same way stored documents are decoded later, so that the keys computed now and at its next
 * update or delete agree.
 */
export const decodeStored = (bytes: Uint8Array): Record<string, unknown> => deserialize(bytes);

/**
 * A stored document decoded for an aggregation pipeline: int64 values stay `Long`s whatever their
 * size, so that expressions can give int64 results as mongod does (the usual decode turns those
 * below 2^53 into plain numbers, which are written back as int32 or double).
 */
export const decodeForAggregation = (bytes: Uint8Array): Record<string, unknown> =>
  deserialize(bytes, { promoteLongs: false });

/** BSON element type byte of an int64. */
const INT64_TYPE = 0x12;

/**
 * Whether a BSON document may hold an int64: false when the type byte appears nowhere in it (a
 * fast byte search), so the usual decode gives the same values.
 */
export const mayHoldInt64 = (bytes: Uint8Array): boolean => bytes.includes(INT64_TYPE);
