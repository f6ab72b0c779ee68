import { writeSync } from 'node:fs';
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { PRIVATE_FILE_MODE } from './file-modes.js';

/**
 * Flushes up to this size are written from the event loop; larger ones (a renamed collection, a
 * burst of big documents) through the thread pool, so that copying them never holds other
 * connections' requests.
 */
const SYNC_WRITE_MAX_BYTES = 256 * 1024;

type Waiter = { resolve: () => void; reject: (error: Error) => void };

/** Shared across the successive journal files of one store, so rotation does not reset them. */
export type WriterCounters = { fsyncs: number };

/**
 * Appends frames to one journal file with group commit.
 *
 * Policy (what "fsync at most every groupCommitMs" means here): a flush is one write of every frame
 * queued so far followed by one fdatasync, and flushes START at least `groupCommitMs` apart and never
 * overlap. A frame arriving when no flush is running and the last one started long enough ago is
 * flushed immediately, so an idle writer does not wait; frames arriving during a flush, or within the
 * window after one started, are queued and all share the next flush, scheduled for the window's end.
 * Under sustained load that is at most 1000/groupCommitMs fdatasyncs per second however many
 * committers there are. Each `append` promise resolves only after the fdatasync covering its frame.
 */
export class JournalWriter {
  private pending: Buffer[] = [];
  private waiters: Waiter[] = [];
  private inFlight: Promise<void> | null = null;
  /** Cancels the scheduled flush, if one is scheduled. */
  private cancelScheduled: (() => void) | null = null;
  private lastFlushStart = Number.NEGATIVE_INFINITY;
  private failure: Error | null = null;
  private closed = false;
  /** File size including queued frames: what the compaction trigger looks at. */
  bytes: number;
  /**
   * Nothing is written to this journal before this settles: set to the previous journal's drain on
   * rotation, so a frame in the new journal is never durable while an earlier one is not.
   */
  gate: Promise<void> | null = null;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly groupCommitMs: number,
    private readonly counters: WriterCounters,
    initialBytes: number,
  ) {
    this.bytes = initialBytes;
  }

  /** Opens (or creates) `path` for appending; `initialBytes` must be its current, valid size. */
  static async open(path: string, groupCommitMs: number, counters: WriterCounters): Promise<JournalWriter> {
    const handle = await open(path, 'a', PRIVATE_FILE_MODE);
    const { size } = await handle.stat();
    return new JournalWriter(path, handle, groupCommitMs, counters, size);
  }

  /** The error that failed this journal for good, if any. */
  get failed(): Error | null {
    return this.failure;
  }

  /** Queues a frame; resolves once it is on disk. Frames are written in `append` order. */
  append(frame: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error(`journal ${this.path} is closed`));
    this.pending.push(frame);
    this.bytes += frame.length;
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.schedule();
    return done;
  }

  /** Resolves once everything appended before this call is on disk. */
  barrier(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending.length > 0)
      return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
    return this.inFlight ?? Promise.resolve();
  }

  /** Flushes what is queued right away (ignoring the window, this happens once) and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.cancelScheduled?.();
    this.cancelScheduled = null;
    try {
      if (this.inFlight) await this.inFlight.catch(() => undefined);
      if (this.pending.length > 0 && !this.failure) await this.flush();
    } finally {
      await this.handle.close();
    }
    if (this.failure) throw this.failure;
  }

  private schedule(fromTimer = false): void {
    if (this.inFlight || this.cancelScheduled || this.pending.length === 0) return;
    const wait = this.lastFlushStart + this.groupCommitMs - performance.now();
    if (wait <= 0 && fromTimer) {
      void this.flush();
    } else if (wait <= 0) {
      // Idle: flush at the end of this event-loop turn, so commits issued in the same turn (one
      // socket read carrying several requests, a loop of commits) still share the fdatasync.
      const immediate = setImmediate(() => {
        this.cancelScheduled = null;
        void this.flush();
      });
      this.cancelScheduled = () => clearImmediate(immediate);
    } else {
      // Timers work in whole milliseconds of a cached clock and may fire a little early: the
      // callback re-checks the window rather than trusting the timer.
      const timer = setTimeout(() => {
        this.cancelScheduled = null;
        this.schedule(true);
      }, Math.ceil(wait));
      this.cancelScheduled = () => clearTimeout(timer);
    }
  }

  private async flush(): Promise<void> {
    const frames = this.pending;
    const waiters = this.waiters;
    this.pending = [];
    this.waiters = [];
    this.lastFlushStart = performance.now();
    const work = this.writeAndSync(frames);
    this.inFlight = work;
    try {
      await work;
      for (const w of waiters) w.resolve();
    } catch (error) {
      // After a failed write or fsync the page cache may hold data the disk never got ("fsyncgate"):
      // retrying could acknowledge lost writes, so the journal fails for good.
      this.failure = error instanceof Error ? error : new Error(String(error));
      for (const w of [...waiters, ...this.waiters]) w.reject(this.failure);
      this.waiters = [];
      this.pending = [];
    } finally {
      this.inFlight = null;
      if (!this.closed) this.schedule();
    }
  }

  private async writeAndSync(frames: Buffer[]): Promise<void> {
    if (this.gate) await this.gate;
    const data = frames.length === 1 && frames[0] ? frames[0] : Buffer.concat(frames);
    let written = 0;
    if (data.length <= SYNC_WRITE_MAX_BYTES) {
      // Only copies the frames into the page cache (a few µs): through the thread pool the same
      // write cost a hand-off each way, about 40 µs of CPU per flush. The frames become durable at
      // the fdatasync below, which stays off the event loop and which every commit still awaits.
      while (written < data.length)
        written += writeSync(this.handle.fd, data, written, data.length - written);
    }
    while (written < data.length) {
      const { bytesWritten } = await this.handle.write(data, written, data.length - written);
      written += bytesWritten;
    }
    await this.handle.datasync();
    this.counters.fsyncs += 1;
  }
}
