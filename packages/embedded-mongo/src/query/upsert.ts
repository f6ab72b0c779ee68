import { BSONRegExp, ObjectId } from 'bson';
import { applyUpdate, type UpdateKind } from './update-apply.js';

type Doc = Record<string, unknown>;

function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i] ?? '';
    const next = cur[p];
    if (!next || typeof next !== 'object') cur[p] = {};
    cur = cur[p] as Doc;
  }
  cur[parts[parts.length - 1] ?? ''] = value;
}

const isOperatorObject = (v: unknown): v is Doc =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));

/** Fields an upsert copies from its filter: equality conditions (`{ a: 1 }`, `{ a: { $eq: 1 } }`, `$and`). */
function seedFromFilter(filter: Doc, out: Doc = {}): Doc {
  for (const [k, v] of Object.entries(filter)) {
    if (k === '$and' && Array.isArray(v)) for (const sub of v) seedFromFilter(sub as Doc, out);
    else if (k.startsWith('$')) continue;
    else if (isOperatorObject(v)) {
      if ('$eq' in v) setPath(out, k, v.$eq);
    } else if (v instanceof RegExp || v instanceof BSONRegExp) {
      // `{ a: /x/ }` is a regex match, not an equality clause: nothing to copy.
    } else setPath(out, k, v);
  }
  return out;
}

/** What the upsert starts from: the filter's equality fields (a replacement takes only `_id`). */
function seedOf(filter: Doc, kind: UpdateKind): Doc {
  if (kind !== 'replacement') return seedFromFilter(filter);
  const idFromFilter = seedFromFilter(filter)._id;
  return idFromFilter === undefined ? {} : { _id: idFromFilter };
}

/**
 * The document an upsert inserts (https://www.mongodb.com/docs/manual/reference/method/db.collection.updateOne/#upsert):
 * the filter's equality fields, then the update with `$setOnInsert` applied; `_id` first, generated if absent.
 */
export function buildUpsertDoc(
  filter: Doc,
  u: unknown,
  kind: UpdateKind,
  arrayFilters: Doc[] | undefined,
  typed?: { filter: Doc; update: unknown },
): Doc {
  const seed = seedOf(filter, kind);
  const typedInputs = { old: seedOf(typed?.filter ?? filter, kind), update: typed?.update ?? u };
  const doc = applyUpdate(seed, u, kind, arrayFilters, true, filter, typedInputs);
  const id = doc._id ?? new ObjectId();
  const { _id: _drop, ...rest } = doc;
  return { _id: id, ...rest };
}
