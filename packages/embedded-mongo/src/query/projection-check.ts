import { locationError } from '../errors.js';

/**
 * The parse errors mongod's projection parser raises for find projections and `$project`
 * (https://www.mongodb.com/docs/manual/reference/limits/#projection-restrictions): a path and its
 * prefix both named (31249 when the prefix came first, 31250 when the longer path did), and a
 * field included in an exclusion projection (31253) or excluded in an inclusion one (31254). `_id`
 * may be included or excluded in either kind. Checked before any document is read.
 */
type Doc = Record<string, unknown>;
type Node = Map<string, Node | 'leaf'>;
type Kind = 'inclusion' | 'exclusion';

const fail = locationError;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** What a projection value asks for: a nested projection, an inclusion, an exclusion or neither. */
function kindOf(value: unknown): Kind | 'nested' | 'other' {
  if (isPlain(value)) {
    const keys = Object.keys(value);
    return keys.length > 0 && keys.every((k) => !k.startsWith('$')) ? 'nested' : 'other';
  }
  if (typeof value === 'boolean') return value ? 'inclusion' : 'exclusion';
  if (typeof value === 'number') return value === 0 ? 'exclusion' : 'inclusion';
  return 'other';
}

function addPath(root: Node, path: string[]): void {
  let node = root;
  for (let i = 0; i < path.length; i++) {
    const part = path[i] ?? '';
    const child = node.get(part);
    const last = i === path.length - 1;
    if (child === 'leaf' || (last && child !== undefined)) {
      const full = path.join('.');
      if (child === 'leaf' && !last)
        throw fail(31249, `Path collision at ${full} remaining portion ${path.slice(i + 1).join('.')}`);
      throw fail(31250, `Path collision at ${full}`);
    }
    if (last) node.set(part, 'leaf');
    else {
      const next: Node = child ?? new Map<string, Node | 'leaf'>();
      node.set(part, next);
      node = next;
    }
  }
}

export function checkProjection(projection: Doc): void {
  const root: Node = new Map();
  let kind: Kind | undefined;
  const visit = (spec: Doc, prefix: string[]) => {
    for (const [key, value] of Object.entries(spec)) {
      const path = [...prefix, ...key.split('.')];
      const k = kindOf(value);
      if (k === 'nested') {
        visit(value as Doc, path);
        continue;
      }
      addPath(root, path);
      if (k === 'other' || (path.length === 1 && path[0] === '_id')) continue;
      kind ??= k;
      if (k !== kind) {
        const field = path.join('.');
        throw k === 'inclusion'
          ? fail(31253, `Cannot do inclusion on field ${field} in exclusion projection`)
          : fail(31254, `Cannot do exclusion on field ${field} in inclusion projection`);
      }
    }
  };
  visit(projection, []);
}
