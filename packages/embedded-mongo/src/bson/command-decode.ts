import { deserialize } from 'bson';
import { regexesToJs } from '../query/regex-translate.js';
import { aggregationValues } from './aggregation-values.js';

/**
 * A received command document (or a statement of a document sequence) decoded for execution: BSON
 * regexes are read as BSONRegExps first (bson's own RegExp decoding drops the `x` option and turns
 * `s` into JavaScript's `g`), then given their JavaScript form with MongoDB's meaning.
 */
export function decodeCommandDoc(bytes: Uint8Array): Record<string, unknown> {
  const doc = deserialize(bytes, { bsonRegExp: true });
  return mayHoldRegex(bytes) ? (regexesToJs(doc) as Record<string, unknown>) : doc;
}

/**
 * False when BSON bytes hold no regex: a regex element starts with the type byte 0x0B, so bytes
 * without that value anywhere hold none, and the walk of the decoded document looking for regexes
 * (every command of every client) is skipped. A 0x0B inside some other value only costs the walk.
 */
export const mayHoldRegex = (bytes: Uint8Array): boolean => bytes.includes(0x0b);

/**
 * A document to insert, decoded for its index keys and checks only (its bytes are what is stored),
 * the same way stored documents are decoded later, so that the keys computed now and at its next
 * update or delete agree.
 */
export const decodeStored = (bytes: Uint8Array): Record<string, unknown> => deserialize(bytes);

/**
 * A stored document decoded for an aggregation pipeline: int64 values stay `Long`s whatever their
 * size and whole doubles stay `Double`s (see aggregationValues); the usual decode turns both into
 * plain numbers, which are written back as int32s (or doubles when large).
 */
export const decodeForAggregation = (bytes: Uint8Array): Record<string, unknown> =>
  aggregationValues(deserialize(bytes, { promoteValues: false })) as Record<string, unknown>;
