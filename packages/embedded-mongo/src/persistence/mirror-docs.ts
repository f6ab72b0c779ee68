import { DocStore } from '../storage/doc-store.js';

/**
 * One collection's documents in the catalog mirror: `_id` key (see record-codec) → BSON bytes,
 * iterated in the order keys were first stored (a Map's order, which recovery turns into the
 * collection's natural order). The bytes are copied into the packed chunks of a DocStore, each key
 * holding a number into it: a Buffer object per document would be a million more objects on the heap
 * for every major garbage collection to mark, on a collection of a million documents, for bytes
 * that only snapshots read.
 */
export class MirrorDocs {
  private readonly slots = new Map<string, number>();
  private readonly bytes = new DocStore();
  private nextSlot = 0;

  get size(): number {
    return this.slots.size;
  }

  /** Stores a copy of `doc` under `key` (in place of what it had, keeping its place in the order). */
  set(key: string, doc: Uint8Array): void {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.nextSlot++;
      this.slots.set(key, slot);
    }
    this.bytes.set(slot, doc);
  }

  delete(key: string): void {
    const slot = this.slots.get(key);
    if (slot === undefined) return;
    this.slots.delete(key);
    this.bytes.delete(slot);
  }

  /**
   * Keys and views of their bytes (valid for good: stored bytes are never overwritten). Keys set
   * or deleted during the iteration are seen or skipped as a Map's iteration sees them.
   */
  *entries(): Generator<[string, Buffer]> {
    for (const [key, slot] of this.slots) {
      const doc = this.bytes.get(slot);
      if (doc) yield [key, doc];
    }
  }

  *values(): Generator<Buffer> {
    for (const [, doc] of this.entries()) yield doc;
  }
}
