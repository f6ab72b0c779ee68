import type { Iterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { evalExpr } from 'mingo/core';

/**
 * `$addFields` / `$set` as mongod applies them (src/mongo/db/exec/add_fields_projection_executor
 * and ProjectionNode::applyExpressionsToValue; the manual's $addFields page, "Adding Fields to an
 * Embedded Document" and "Add Element to an Array"):
 * - a dotted path or a nested document of fields (`{a: {b: 1}}`, which is `{'a.b': 1}`) writes
 *   into the sub-document, keeping its other fields;
 * - through an array, into every element: a document gets the field, a nested array is entered
 *   too, and any other element (a number, a string) is replaced by a document of the new fields;
 * - a parent that is missing or not a document becomes one;
 * - every expression is evaluated against the input document, and one that is missing removes
 *   the field.
 * mingo replaced the whole parent with a nested document and left arrays unchanged.
 */
type Doc = Record<string, unknown>;
/** What to write: a computed value, or the fields of a sub-document. */
type Node = { expr: unknown } | Map<string, Node>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const isExpressionObject = (v: Doc) => Object.keys(v).some((k) => k.startsWith('$'));

function addPath(tree: Map<string, Node>, parts: string[], expr: unknown): void {
  const [head = '', ...rest] = parts;
  if (rest.length === 0) {
    if (isPlain(expr) && !isExpressionObject(expr) && Object.keys(expr).length > 0) {
      const existing = tree.get(head);
      const sub = existing instanceof Map ? existing : new Map<string, Node>();
      tree.set(head, sub);
      for (const [k, v] of Object.entries(expr)) addPath(sub, k.split('.'), v);
    } else tree.set(head, { expr });
    return;
  }
  const existing = tree.get(head);
  const sub = existing instanceof Map ? existing : new Map<string, Node>();
  tree.set(head, sub);
  addPath(sub, rest, expr);
}

/** The specification as a tree of paths, or null when it writes nothing. */
function parseSpec(spec: unknown): Map<string, Node> | null {
  if (!isPlain(spec) || Object.keys(spec).length === 0) return null;
  const tree = new Map<string, Node>();
  for (const [k, v] of Object.entries(spec)) addPath(tree, k.split('.'), v);
  return tree;
}

type Evaluate = (expr: unknown) => unknown;

/** `fields` written into `target` (a document), in place; new fields go last. */
function writeFields(target: Doc, fields: Map<string, Node>, evaluate: Evaluate): Doc {
  for (const [name, node] of fields) {
    if (node instanceof Map) {
      target[name] = writeInto(target[name], node, evaluate);
      continue;
    }
    const value = evaluate(node.expr);
    if (value === undefined) delete target[name];
    else target[name] = value;
  }
  return target;
}

/** A value with the sub-fields of `fields` written into it (see the rules above). */
function writeInto(value: unknown, fields: Map<string, Node>, evaluate: Evaluate): unknown {
  if (isPlain(value)) return writeFields({ ...value }, fields, evaluate);
  if (Array.isArray(value)) return value.map((el: unknown) => writeInto(el, fields, evaluate));
  return writeFields({}, fields, evaluate);
}

export const $addFields = (coll: Iterator, expr: unknown, options: Options): Iterator => {
  const tree = parseSpec(expr);
  if (!tree) return coll;
  return coll.map((obj) => {
    // Each expression is evaluated once per document, against the input document.
    const values = new Map<unknown, unknown>();
    const evaluate: Evaluate = (e) => {
      if (!values.has(e)) values.set(e, evalExpr(obj, e, options));
      return values.get(e);
    };
    return writeFields({ ...(obj as Doc) }, tree, evaluate);
  });
};
