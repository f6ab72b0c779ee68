import mongoose from 'mongoose';

/**
 * Parses an id from the outside world; null for anything that is not a 24-hex ObjectId string, so
 * callers answer "not found" rather than letting a CastError become a 500, and so an object such as
 * `{"$gt": ""}` (operator injection) or an array can never reach a filter in place of an id.
 */
export function toObjectId(id: unknown): mongoose.Types.ObjectId | null {
  if (typeof id !== 'string' || !/^[0-9a-f]{24}$/i.test(id)) {
    return null;
  }

  return new mongoose.Types.ObjectId(id);
}
