/**
 * Documents as BSON bytes packed into large chunks, addressed by record id. One Buffer object per
 * document would cost more heap than a small document itself; here a document costs its bytes plus
 * 8 bytes of location. Updates append (the old bytes become garbage); a compaction rewrites the
 * chunks once garbage outweighs live data. Views handed out earlier stay valid: bytes are never
 * overwritten in place.
 *
 * Record ids only grow (natural order is insertion order, as in mongod). The location table starts
 * at the oldest live id, so collections that churn oldest-first (TTL, queues) do not accumulate
 * dead slots.
 */
const CHUNK_BYTES = 4 * 1024 * 1024;
const EMPTY = -1;
const CHUNK_SHIFT = 2 ** 32;

export class DocStore {
  private chunks: Buffer[] = [];
  private used = CHUNK_BYTES; // bytes used in the last chunk; full forces a first allocation
  private loc = new Float64Array(1024).fill(EMPTY);
  /** Record id stored at loc[0]; ids below it are all deleted. */
  private base = 0;
  /** loc index of the oldest possibly-live slot; every slot before it is empty. */
  private head = 0;
  private count = 0;
  private liveBytes = 0;
  private garbageBytes = 0;
  private maxRid = -1;

  get size(): number {
    return this.count;
  }

  get bytes(): number {
    return this.liveBytes;
  }

  private slot(rid: number): number {
    const i = rid - this.base;
    return i >= 0 && i < this.loc.length ? (this.loc[i] ?? EMPTY) : EMPTY;
  }

  /** A view of the stored BSON (no copy). */
  get(rid: number): Buffer | undefined {
    const l = this.slot(rid);
    if (l < 0) return undefined;
    const chunk = this.chunks[Math.floor(l / CHUNK_SHIFT)];
    if (!chunk) return undefined;
    const off = l % CHUNK_SHIFT;
    return chunk.subarray(off, off + chunk.readInt32LE(off));
  }

  set(rid: number, bson: Uint8Array): void {
    if (rid < this.base) throw new Error(`record id ${String(rid)} below the live range`);
    this.place(rid, this.append(bson), bson.length);
  }

  /**
   * Stores under `rid` a copy of `bson` (the document's current bytes) that `edit` changes in the
   * store's own memory, and returns a view of it; when the edit changed no byte, nothing is stored
   * (the copy's space counts as garbage) and undefined is returned.
   */
  setEdited(rid: number, bson: Uint8Array, edit: (copy: Buffer) => void): Buffer | undefined {
    if (rid < this.base) throw new Error(`record id ${String(rid)} below the live range`);
    const at = this.append(bson);
    const chunk = this.chunks[Math.floor(at / CHUNK_SHIFT)];
    if (!chunk) throw new Error('document store: appended bytes are missing');
    const off = at % CHUNK_SHIFT;
    const copy = chunk.subarray(off, off + bson.length);
    edit(copy);
    if (copy.equals(bson)) {
      this.garbageBytes += bson.length;
      this.maybeCompact();
      return undefined;
    }
    this.place(rid, at, bson.length);
    return copy;
  }

  /** Points `rid` at `length` bytes appended at `at`; the bytes it had become garbage. */
  private place(rid: number, at: number, length: number): void {
    const old = this.get(rid);
    if (old) {
      this.garbageBytes += old.length;
      this.liveBytes -= old.length;
    } else this.count++;
    this.ensureCapacity(rid);
    this.loc[rid - this.base] = at;
    this.liveBytes += length;
    if (rid > this.maxRid) this.maxRid = rid;
    this.maybeCompact();
  }

  delete(rid: number): boolean {
    const old = this.get(rid);
    if (!old) return false;
    this.loc[rid - this.base] = EMPTY;
    this.count--;
    this.liveBytes -= old.length;
    this.garbageBytes += old.length;
    if (rid - this.base === this.head) this.trimFront();
    this.maybeCompact();
    return true;
  }

  /** Record ids in insertion order (MongoDB's natural order for a standalone). */
  *rids(): Generator<number> {
    for (let r = this.base + this.head; r <= this.maxRid; r++) if (this.slot(r) >= 0) yield r;
  }

  private trimFront(): void {
    while (
      this.head < this.loc.length &&
      (this.loc[this.head] ?? EMPTY) < 0 &&
      this.base + this.head <= this.maxRid
    ) {
      this.head++;
    }
    // Shift the table once the dead prefix is a large part of it, so the work stays amortized O(1).
    if (this.head >= 1024 && this.head * 2 >= this.loc.length) {
      this.loc = this.loc.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
  }

  private append(bson: Uint8Array): number {
    if (this.used + bson.length > CHUNK_BYTES || this.chunks.length === 0) {
      this.chunks.push(Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, bson.length)));
      this.used = 0;
    }
    const index = this.chunks.length - 1;
    this.chunks[index]?.set(bson, this.used);
    const at = index * CHUNK_SHIFT + this.used;
    // Oversized documents get a chunk of their own; mark it full.
    this.used = bson.length > CHUNK_BYTES ? CHUNK_BYTES : this.used + bson.length;
    return at;
  }

  private ensureCapacity(rid: number): void {
    const i = rid - this.base;
    if (i < this.loc.length) return;
    let n = Math.max(1024, this.loc.length);
    while (n <= i) n *= 2;
    const next = new Float64Array(n).fill(EMPTY);
    next.set(this.loc);
    this.loc = next;
  }

  private maybeCompact(): void {
    if (this.garbageBytes < 8 * 1024 * 1024 || this.garbageBytes < this.liveBytes) return;
    const old = this.chunks;
    this.chunks = [];
    this.used = CHUNK_BYTES;
    for (let i = 0; i < this.loc.length; i++) {
      const l = this.loc[i] ?? EMPTY;
      if (l < 0) continue;
      const chunk = old[Math.floor(l / CHUNK_SHIFT)];
      if (!chunk) continue;
      const off = l % CHUNK_SHIFT;
      this.loc[i] = this.append(chunk.subarray(off, off + chunk.readInt32LE(off)));
    }
    this.garbageBytes = 0;
  }
}
