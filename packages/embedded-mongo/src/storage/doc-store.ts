/**
 * Documents as BSON bytes packed into large chunks, addressed by record id. One Buffer object per
 * document would cost more heap than a small document itself; here a document costs its bytes plus
 * 8 bytes of location. Updates append (the old bytes become garbage); a compaction rewrites the
 * chunks once garbage outweighs live data. Views handed out earlier stay valid: bytes are never
 * overwritten in place.
 */
const CHUNK_BYTES = 4 * 1024 * 1024;
const EMPTY = -1;
const CHUNK_SHIFT = 2 ** 32;

export class DocStore {
  private chunks: Buffer[] = [];
  private used = CHUNK_BYTES; // bytes used in the last chunk; full forces a first allocation
  private loc = new Float64Array(1024).fill(EMPTY);
  private count = 0;
  private liveBytes = 0;
  private garbageBytes = 0;
  private maxRid = 0;

  get size(): number {
    return this.count;
  }

  get bytes(): number {
    return this.liveBytes;
  }

  has(rid: number): boolean {
    return rid < this.loc.length && (this.loc[rid] ?? EMPTY) >= 0;
  }

  /** A view of the stored BSON (no copy). */
  get(rid: number): Buffer | undefined {
    const l = rid < this.loc.length ? (this.loc[rid] ?? EMPTY) : EMPTY;
    if (l < 0) return undefined;
    const chunk = this.chunks[Math.floor(l / CHUNK_SHIFT)];
    if (!chunk) return undefined;
    const off = l % CHUNK_SHIFT;
    return chunk.subarray(off, off + chunk.readInt32LE(off));
  }

  set(rid: number, bson: Uint8Array): void {
    const old = this.get(rid);
    if (old) {
      this.garbageBytes += old.length;
      this.liveBytes -= old.length;
    } else this.count++;
    this.ensureCapacity(rid);
    this.loc[rid] = this.append(bson);
    this.liveBytes += bson.length;
    if (rid > this.maxRid) this.maxRid = rid;
    this.maybeCompact();
  }

  delete(rid: number): boolean {
    const old = this.get(rid);
    if (!old) return false;
    this.loc[rid] = EMPTY;
    this.count--;
    this.liveBytes -= old.length;
    this.garbageBytes += old.length;
    this.maybeCompact();
    return true;
  }

  /** Record ids in insertion order (MongoDB's natural order for a fresh collection). */
  *rids(): Generator<number> {
    for (let r = 0; r <= this.maxRid; r++) if ((this.loc[r] ?? EMPTY) >= 0) yield r;
  }

  private append(bson: Uint8Array): number {
    if (this.used + bson.length > CHUNK_BYTES || this.chunks.length === 0) {
      this.chunks.push(Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, bson.length)));
      this.used = 0;
    }
    const index = this.chunks.length - 1;
    const chunk = this.chunks[index];
    chunk?.set(bson, this.used);
    const at = index * CHUNK_SHIFT + this.used;
    // Oversized documents get a chunk of their own; mark it full.
    this.used = bson.length > CHUNK_BYTES ? CHUNK_BYTES : this.used + bson.length;
    return at;
  }

  private ensureCapacity(rid: number): void {
    if (rid < this.loc.length) return;
    let n = this.loc.length;
    while (n <= rid) n *= 2;
    const next = new Float64Array(n).fill(EMPTY);
    next.set(this.loc);
    this.loc = next;
  }

  private maybeCompact(): void {
    if (this.garbageBytes < 8 * 1024 * 1024 || this.garbageBytes < this.liveBytes) return;
    const old = { chunks: this.chunks, loc: this.loc };
    this.chunks = [];
    this.used = CHUNK_BYTES;
    for (let r = 0; r <= this.maxRid; r++) {
      const l = old.loc[r] ?? EMPTY;
      if (l < 0) continue;
      const chunk = old.chunks[Math.floor(l / CHUNK_SHIFT)];
      if (!chunk) continue;
      const off = l % CHUNK_SHIFT;
      this.loc[r] = this.append(chunk.subarray(off, off + chunk.readInt32LE(off)));
    }
    this.garbageBytes = 0;
  }
}
