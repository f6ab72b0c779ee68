import mongoose from 'mongoose';

/**
 * Parses an id from the outside world; null for anything that is not a 24-hex ObjectId, so callers
 * answer "not found" rather than letting a CastError become a 500.
 */
export function toObjectId(id: string): mongoose.Types.ObjectId | null {
  if (!/^[0-9a-f]{24}$/i.test(id)) {
    return null;
  }

  return new mongoose.Types.ObjectId(id);
}
