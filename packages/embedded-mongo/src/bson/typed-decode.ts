import { deserialize } from 'bson';

/**
 * Decoding options that keep every BSON type as sent or stored: int32, int64 and double stay
 * Int32/Long/Double objects (plain JS numbers cannot tell them apart) and regexes stay BSONRegExp.
 */
const TYPED = { promoteValues: false, bsonRegExp: true } as const;

/** A BSON document decoded with its types kept (see TYPED). */
export const decodeTyped = (bytes: Uint8Array): Record<string, unknown> => deserialize(bytes, TYPED);
