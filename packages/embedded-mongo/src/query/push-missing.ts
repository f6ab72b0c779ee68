type Doc = Record<string, unknown>;

const MODIFIERS = ['$each', '$slice', '$sort', '$position'];

const isPlainObject = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `$push` with `$each` and `$slice`/`$sort`/`$position` on a field that does not exist yet: mongod
 * creates an empty array and then applies the modifiers
 * (https://www.mongodb.com/docs/manual/reference/operator/update/push/#behavior: "If the field is
 * absent in the document to update, $push adds the array field with the value as its element"),
 * so `{ $each: [1, 2, 3], $slice: -2 }` stores `[2, 3]`. mingo stores `$each` unmodified in that
 * case. Creating the empty array first (through plain subdocuments only) lets mingo's normal
 * path apply the modifiers. `doc` is the update's private copy.
 */
export function createMissingPushTargets(doc: Doc, mod: Doc): void {
  const push = mod.$push;
  if (!isPlainObject(push)) return;
  for (const [path, operand] of Object.entries(push)) {
    if (!isPlainObject(operand) || !MODIFIERS.some((m) => m in operand)) continue;
    const parts = path.split('.');
    let cur: Doc = doc;
    let viable = true;
    for (const part of parts.slice(0, -1)) {
      const next = cur[part];
      if (next === undefined) cur[part] = {};
      else if (!isPlainObject(next)) {
        viable = false;
        break;
      }
      cur = cur[part] as Doc;
    }
    const last = parts[parts.length - 1] ?? '';
    if (viable && cur[last] === undefined) cur[last] = [];
  }
}
