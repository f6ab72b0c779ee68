import BTreeModule from 'sorted-btree';
import { Query } from 'mingo/query';
import { extractKeys, hasPath } from './key-extract.js';
import { encodeField, encodeRid } from './key-encoding.js';
import type { IndexSpec } from './index-spec.js';
import { queryOptions } from '../query/mingo-context.js';
import { compileSimpleFilter } from '../query/simple-filter.js';
import { EMPTY_ARRAY_KEY } from '../bson/compare.js';

// sorted-btree is CommonJS: Node hands us `module.exports` ({ default }), Vite the class itself.
type BTreeClass = typeof BTreeModule.default;
const BTree: BTreeClass =
  (BTreeModule as unknown as { default?: BTreeClass }).default ?? (BTreeModule as unknown as BTreeClass);

type Doc = Record<string, unknown>;

const newTree = () => new BTree<string, number>(undefined, undefined, 128);
export type KeyTree = ReturnType<typeof newTree>;

/**
 * One ordered index: a B+tree from encoded key (see key-encoding) to record id. Non-unique indexes
 * append the record id to the key so equal values stay distinct entries; unique indexes do not,
 * which turns the uniqueness check into a single lookup.
 */
export class IndexStore {
  readonly fields: string[];
  readonly paths: string[][];
  readonly directions: number[];
  readonly tree: KeyTree;
  readonly unique: boolean;
  /**
   * The top-level field names this index reads, in its key or its partial filter: a document
   * differing from another only in other top-level fields has the same keys here.
   */
  readonly readFields: ReadonlySet<string>;
  multikey = false;
  /**
   * Moves on every change to the tree: a scan that paused for other connections re-finds its place
   * by key when it moved, since the tree's iterators do not survive a change.
   */
  version = 0;
  private readonly partial: { test(doc: Doc): boolean } | undefined;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.paths = this.fields.map((f) => f.split('.'));
    // A key's value may be any non-zero number; only its sign is the direction.
    this.directions = this.fields.map((f) => Math.sign(spec.key[f] ?? 1));
    this.unique = spec.unique === true;
    this.tree = newTree();
    // Tested on every write of a document: compiled straight to the engine's operators when simple
    // (`{countersPending: true}`), as a query filter is, else by mingo.
    const partial = spec.partialFilterExpression;
    this.partial = partial ? (compileSimpleFilter(partial) ?? new Query(partial, queryOptions)) : undefined;
    const read = new Set(this.paths.map((p) => p[0] ?? ''));
    collectFilterFields(spec.partialFilterExpression, read);
    this.readFields = read;
  }

  get name(): string {
    return this.spec.name;
  }

  /** Encoded keys (without record id) a document produces; none when sparse/partial excludes it. */
  keysFor(doc: Doc): string[] {
    if (this.spec.sparse && !this.paths.some((p) => hasPath(doc, p))) return [];
    if (this.partial && !this.partial.test(doc)) return [];
    if (this.paths.length === 1) {
      // Fast path for the common single-field, non-array case.
      const path = this.paths[0] ?? [];
      const v = path.length === 1 ? doc[path[0] ?? ''] : undefined;
      if (path.length === 1 && !Array.isArray(v)) return [encodeField(v ?? null, this.directions[0] ?? 1)];
    }
    const { keys, multikey } = extractKeys(doc, this.paths);
    if (multikey) this.multikey = true;
    return keys.map((vals) => this.encode(vals));
  }

  /** The raw values of the `i`-th key of a document (for duplicate-key messages). */
  valuesFor(doc: Doc, encoded: string): unknown[] {
    const { keys } = extractKeys(doc, this.paths);
    const vals = keys.find((k) => this.encode(k) === encoded) ?? keys[0] ?? [];
    // An empty array's key is BSON undefined (what mongod's keyValue shows).
    return vals.map((v) => (v === EMPTY_ARRAY_KEY ? undefined : v));
  }

  encode(vals: unknown[]): string {
    let s = '';
    for (let i = 0; i < vals.length; i++) s += encodeField(vals[i], this.directions[i] ?? 1);
    return s;
  }

  /** Record id of another document holding this key in a unique index, if any. */
  findDuplicate(key: string, exceptRid: number): number | undefined {
    const rid = this.tree.get(key);
    return rid !== undefined && rid !== exceptRid ? rid : undefined;
  }

  add(keys: string[], rid: number): void {
    this.version++;
    for (const k of keys) this.tree.set(this.unique ? k : k + encodeRid(rid), rid);
  }

  remove(keys: string[], rid: number): void {
    this.version++;
    for (const k of keys) {
      if (this.unique) {
        if (this.tree.get(k) === rid) this.tree.delete(k);
      } else this.tree.delete(k + encodeRid(rid));
    }
  }
}

/** The top-level field names a partial filter reads (through `$and`/`$or` branches). */
function collectFilterFields(filter: unknown, into: Set<string>): void {
  if (!filter || typeof filter !== 'object') return;
  for (const [key, value] of Object.entries(filter)) {
    if (key.startsWith('$')) {
      if (Array.isArray(value)) for (const branch of value) collectFilterFields(branch, into);
    } else into.add(key.split('.')[0] ?? key);
  }
}
