import BTreeModule from 'sorted-btree';
import { Query } from 'mingo/query';
import { extractKeys, hasPath } from './key-extract.js';
import { ABS_MAX, ABS_MIN, makeKeyComparator, type IndexKey } from './key-compare.js';
import type { IndexSpec } from './index-spec.js';
import { queryOptions } from '../query/mingo-context.js';

// sorted-btree is CommonJS: Node hands us `module.exports` ({ default }), Vite the class itself.
type BTreeClass = typeof BTreeModule.default;
const BTree: BTreeClass = (BTreeModule as unknown as { default?: BTreeClass }).default ?? (BTreeModule as unknown as BTreeClass);
type Tree = InstanceType<typeof BTree<IndexKey, number>>;

/**
 * One ordered index: a B+tree of [values..., recordId] → recordId. The record id suffix keeps keys
 * unique even for non-unique indexes, and lets a unique check probe "any key with this prefix".
 */
export class IndexStore {
  readonly fields: string[];
  readonly paths: string[][];
  readonly directions: number[];
  readonly tree: Tree;
  multikey = false;
  private readonly partial: Query | undefined;

  constructor(readonly spec: IndexSpec) {
    this.fields = Object.keys(spec.key);
    this.paths = this.fields.map((f) => f.split('.'));
    this.directions = this.fields.map((f) => spec.key[f] ?? 1);
    this.tree = new BTree<IndexKey, number>(undefined, makeKeyComparator(this.directions), 64);
    this.partial = spec.partialFilterExpression ? new Query(spec.partialFilterExpression, queryOptions) : undefined;
  }

  get name(): string {
    return this.spec.name;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** The key prefixes (without record id) a document produces; none if sparse/partial excludes it. */
  keysFor(doc: Record<string, unknown>): unknown[][] {
    if (this.spec.sparse && !this.paths.some((p) => hasPath(doc, p))) return [];
    if (this.partial && !this.partial.test(doc)) return [];
    const { keys, multikey } = extractKeys(doc, this.paths);
    if (multikey) this.multikey = true;
    return keys;
  }

  /** Record id of another document holding this exact key, if any (unique enforcement). */
  findDuplicate(key: unknown[], exceptRid: number): number | undefined {
    for (const [k, rid] of this.tree.entries([...key, ABS_MIN])) {
      if (this.tree._compare(k.slice(0, key.length), key) !== 0) return undefined;
      if (rid !== exceptRid) return rid;
    }
    return undefined;
  }

  add(keys: unknown[][], rid: number): void {
    for (const k of keys) this.tree.set([...k, rid], rid);
  }

  remove(keys: unknown[][], rid: number): void {
    for (const k of keys) this.tree.delete([...k, rid]);
  }

  clear(): void {
    this.tree.clear();
    this.multikey = false;
  }
}

export { ABS_MAX, ABS_MIN };
