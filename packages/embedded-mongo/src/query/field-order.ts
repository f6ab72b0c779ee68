type Doc = Record<string, unknown>;

/**
 * Field order after an operator update. mongod keeps every existing field where it was and adds
 * the fields an update creates in lexicographic order of their names, numeric names in numeric
 * order ("Starting in MongoDB 5.0, update operators process document fields with string-based
 * names in lexicographic order", https://www.mongodb.com/docs/manual/reference/operator/update/#behavior).
 * mingo appends them in the order of the update document (and `$push` targets created ahead of
 * mingo would come first), so `{ $inc: { n: 1, 'b.x': 1 }, $push: { c: 1 } }` on `{ _id }` gave
 * `{ _id, n, b, c }` where mongod stores `{ _id, b, c, n }`.
 *
 * Only the object levels an update path goes through are reordered; values written by the update
 * (`$set: { o: { z: 1, a: 2 } }`) keep the order they were given in.
 */

type Trie = Map<string, Trie>;
type Snapshot = { keys: Set<string>; children: Map<string, Snapshot> };

export function pathTrie(paths: Iterable<string>): Trie {
  const root: Trie = new Map();
  for (const p of paths) {
    let node = root;
    for (const part of p.split('.')) {
      let next = node.get(part);
      if (!next) {
        next = new Map();
        node.set(part, next);
      }
      node = next;
    }
  }
  return root;
}

const isContainer = (v: unknown): v is Doc | unknown[] =>
  Array.isArray(v) || (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype);

/** The field names present, before the update, at every level the update paths go through. */
export function snapshotKeys(value: unknown, trie: Trie): Snapshot | undefined {
  if (!isContainer(value)) return undefined;
  const children = new Map<string, Snapshot>();
  for (const [k, sub] of trie) {
    if (sub.size === 0) continue;
    const child = snapshotKeys((value as Doc)[k], sub);
    if (child) children.set(k, child);
  }
  return { keys: new Set(Object.keys(value)), children };
}

const NUMERIC = /^\d+$/;
function fieldOrder(a: string, b: string): number {
  if (NUMERIC.test(a) && NUMERIC.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Returns `value` with created fields sorted after the existing ones, along `trie` only. */
export function orderCreatedFields(value: unknown, trie: Trie, before: Snapshot | undefined): unknown {
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) {
    for (const [k, sub] of trie) {
      if (sub.size === 0 || !NUMERIC.test(k)) continue;
      const i = Number(k);
      if (i < value.length) value[i] = orderCreatedFields(value[i], sub, before?.children.get(k));
    }
    return value;
  }
  const existing = before?.keys ?? new Set<string>();
  const keys = Object.keys(value);
  const created = keys.filter((k) => !existing.has(k)).sort(fieldOrder);
  if (created.length === 0 && ![...trie.values()].some((s) => s.size > 0)) return value;
  const out: Doc = {};
  for (const k of [...keys.filter((k) => existing.has(k)), ...created]) {
    const sub = trie.get(k);
    out[k] = sub && sub.size > 0 ? orderCreatedFields(value[k], sub, before?.children.get(k)) : value[k];
  }
  return out;
}
