import { randomInt } from 'node:crypto';
import type { BatchItem } from '../wire/cursor-reply.js';
import { holdSource, type CursorSource, type HeldSource } from './killed-plans.js';
import type { CursorSession } from './cursor-session.js';

/** What a cursor keeps beside its results: how it expires, what it read, whose it is. */
type CursorOptions = { noTimeout?: boolean; source?: CursorSource; session?: CursorSession };

export type OpenCursor = {
  id: bigint;
  ns: string;
  items: BatchItem[];
  pos: number;
  lastUsed: number;
  noTimeout: boolean;
  /** What a find's plan read from, checked at each getMore; none for other cursors. */
  source?: HeldSource;
  /** The session it was opened in; a getMore from another one is refused. */
  session?: CursorSession;
};

/** Server-side cursors for find/aggregate results larger than one batch; idle ones expire like mongod's. */
export class CursorStore {
  private readonly cursors = new Map<bigint, OpenCursor>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly idleTimeoutMs = 10 * 60_000) {
    this.timer = setInterval(() => this.expire(), Math.min(60_000, idleTimeoutMs));
    this.timer.unref();
  }

  open(ns: string, items: BatchItem[], pos: number, options: CursorOptions = {}): bigint {
    const { noTimeout = false, source, session } = options;
    let id = 0n;
    // Positive int64 ids (0 means "exhausted" on the wire), at least 2^53 like the random 64-bit ids
    // of mongod, so that drivers never turn them into plain numbers.
    while (id === 0n || this.cursors.has(id))
      id = 2n ** 53n + BigInt(randomInt(0, 2 ** 47)) * 1024n + BigInt(randomInt(0, 1024));
    this.cursors.set(id, {
      id,
      ns,
      items,
      pos,
      lastUsed: Date.now(),
      noTimeout,
      source: source && holdSource(source),
      session,
    });
    return id;
  }

  get(id: bigint): OpenCursor | undefined {
    const c = this.cursors.get(id);
    if (c) c.lastUsed = Date.now();
    return c;
  }

  kill(id: bigint): boolean {
    return this.cursors.delete(id);
  }

  get size(): number {
    return this.cursors.size;
  }

  expire(now = Date.now()): void {
    for (const [id, c] of this.cursors)
      if (!c.noTimeout && now - c.lastUsed > this.idleTimeoutMs) this.cursors.delete(id);
  }

  close(): void {
    clearInterval(this.timer);
    this.cursors.clear();
  }
}
