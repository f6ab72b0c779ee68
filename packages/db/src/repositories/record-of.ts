import type { Types } from 'mongoose';

/**
 * The record a repository hands out for a stored document type (a model's `InferSchemaType`):
 * every path present (`null` where the document has none), ObjectIds as strings, nested objects
 * alike. Records are derived from the mongoose schemas, so a stored field is declared once, there.
 */
export type TRecordOf<TDoc> = { [K in keyof TDoc]-?: TRecordValue<Exclude<TDoc[K], undefined>> };

type TRecordValue<V> = V extends Types.ObjectId
  ? string
  : V extends Date
    ? V
    : V extends readonly (infer E)[]
      ? TRecordValue<E>[]
      : V extends object
        ? TRecordOf<V>
        : V;

/**
 * A document as `.lean()` or the driver returns it. Only the `TRequired` paths are sure to be there:
 * raw reads skip mongoose's defaults and older documents lack newer paths, so `toRecord` fills them.
 */
export type TLeanOf<TDoc, TRequired extends keyof TDoc> = Pick<TDoc, TRequired> &
  TLoose<Omit<TDoc, TRequired>> & { _id: Types.ObjectId };

type TLoose<T> = { [K in keyof T]?: TLooseValue<T[K]> | null };

type TLooseValue<V> = V extends Types.ObjectId | Date | readonly unknown[]
  ? V
  : V extends object
    ? TLoose<V>
    : V;
