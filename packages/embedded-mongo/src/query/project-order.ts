/**
 * Field order of an inclusion `$project` that also computes fields or names dotted paths, as mongod
 * writes it: first the fields kept from the input document, in the input's order, then the
 * computed fields (and sub-documents the input did not have) in the order the projection names
 * them; the same at every level of embedded documents. mongod applies a projection in these two passes, so
 * `{$project: {z: 1, n: {$literal: 5}}}` of `{_id, a, z}` gives `{_id, z, n}`; mingo wrote the
 * fields in the projection's order. Kept sub-fields too follow the input: `{'a.x': 1, 'a.z': 1}`
 * of `{a: {z, y, x}}` gives `{a: {z, x}}` (mongod's inclusion projection walks the document).
 */
type Doc = Record<string, unknown>;
/** A projection as a tree: `true` for a kept field, `'computed'` for an expression. */
type Tree = Map<string, true | 'computed' | Tree>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const isExpression = (v: unknown) => isPlain(v) && Object.keys(v).some((k) => k.startsWith('$'));

function add(tree: Tree, path: string[], value: unknown): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  if (rest.length > 0) {
    const child = tree.get(head);
    const sub: Tree = child instanceof Map ? child : new Map<string, true | 'computed' | Tree>();
    tree.set(head, sub);
    add(sub, rest, value);
    return;
  }
  if (isPlain(value) && !isExpression(value)) {
    const child = tree.get(head);
    const sub: Tree = child instanceof Map ? child : new Map<string, true | 'computed' | Tree>();
    tree.set(head, sub);
    for (const [k, v] of Object.entries(value)) add(sub, k.split('.'), v);
  } else if (value === true || (typeof value === 'number' && value !== 0)) tree.set(head, true);
  else if (value !== false && value !== 0) tree.set(head, 'computed');
}

function hasComputed(tree: Tree): boolean {
  for (const node of tree.values())
    if (node === 'computed' || (node instanceof Map && hasComputed(node))) return true;
  return false;
}

function keepsAny(tree: Tree): boolean {
  for (const node of tree.values()) if (node === true || (node instanceof Map && keepsAny(node))) return true;
  return false;
}

/** Whether a sub-document of the tree keeps a field (an inclusion below the top level). */
function includesBelow(tree: Tree): boolean {
  for (const node of tree.values()) if (node instanceof Map && keepsAny(node)) return true;
  return false;
}

/**
 * The projection's tree when it computes a field or includes sub-fields (the cases mingo orders
 * differently), else null.
 */
export function computedProjection(spec: unknown): Tree | null {
  if (!isPlain(spec)) return null;
  const tree: Tree = new Map();
  for (const [k, v] of Object.entries(spec)) add(tree, k.split('.'), v);
  return hasComputed(tree) || includesBelow(tree) ? tree : null;
}

function reorderValue(input: unknown, output: unknown, node: true | 'computed' | Tree): unknown {
  if (!(node instanceof Map)) return output;
  if (Array.isArray(output))
    return output.map((item, i) => reorderValue(Array.isArray(input) ? input[i] : undefined, item, node));
  return isPlain(output) ? reorder(input, output, node) : output;
}

/** `output` (mingo's projection of `input`) with its fields in mongod's order. */
export function reorder(input: unknown, output: Doc, tree: Tree): Doc {
  const out: Doc = {};
  if ('_id' in output) out._id = output._id;
  if (isPlain(input))
    for (const k of Object.keys(input)) {
      const node = tree.get(k);
      if (node === undefined || node === 'computed' || !(k in output) || k in out) continue;
      out[k] = reorderValue(input[k], output[k], node);
    }
  for (const [k, node] of tree)
    if (k in output && !(k in out)) out[k] = reorderValue(undefined, output[k], node);
  for (const k of Object.keys(output)) if (!(k in out)) out[k] = output[k];
  return out;
}
