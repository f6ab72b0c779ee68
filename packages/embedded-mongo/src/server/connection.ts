import type { Socket } from 'node:net';
import { serialize } from 'bson';
import { HEADER_SIZE, MAX_MESSAGE_SIZE, OP_MSG, OP_QUERY, readHeader } from '../wire/header.js';
import {
  FLAG_CHECKSUM,
  FLAG_MORE_TO_COME,
  encodeOpMsg,
  encodeOpMsgWithChecksum,
  parseOpMsg,
} from '../wire/op-msg.js';
import { encodeOpReply, parseOpQuery } from '../wire/op-query.js';
import { helloReply } from '../commands/handshake.js';
import { toCommandError } from '../errors.js';
import type { ServerState } from '../commands/types.js';
import { runCommand } from './dispatch.js';
import { MAX_QUEUED_REQUESTS } from './connection-limits.js';
import { helloWaitMs, waitOrClose } from './awaitable-hello.js';

/** OP_MSG flag of a request that accepts a stream of replies (the streaming hello). */
const FLAG_EXHAUST_ALLOWED = 1 << 16;

let nextRequestId = 1;

/**
 * One client connection: frames messages out of the byte stream and answers them in order.
 * Requests on a connection are processed one at a time, as mongod does.
 *
 * Back-pressure: a client that sends requests without reading the replies must not make the engine
 * buffer replies without bound. When the socket's write buffer is full, or too many requests are
 * queued, the connection stops reading and runs no further request until the client drains it.
 */
export class Connection {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private queue: Promise<void> = Promise.resolve();
  /** Requests read but not yet answered; the idle timeout never closes a busy connection. */
  private inFlight = 0;
  /** Set while the write buffer is full; resolves on 'drain' (or when the socket goes away). */
  private drained: Promise<void> | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly state: ServerState,
    readonly id: number,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => socket.destroy());
    if (state.limits.idleTimeoutMs > 0) {
      socket.setTimeout(state.limits.idleTimeoutMs);
      socket.on('timeout', () => {
        if (this.inFlight > 0 || socket.destroyed) return; // a long command is not idleness
        state.connections.idleClosed++;
        socket.destroy();
      });
    }
  }

  /** Reading stops while replies are not drained or the queue is long; resumes when both clear. */
  private updateReading(): void {
    if (this.socket.destroyed) return;
    if (this.drained || this.inFlight >= MAX_QUEUED_REQUESTS) this.socket.pause();
    else this.socket.resume();
  }

  private onData(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (this.pendingBytes >= 4) {
      let first = this.pending[0] ?? chunk;
      if (first.length < 4) {
        first = Buffer.concat(this.pending);
        this.pending = [first];
      }
      const len = first.readInt32LE(0);
      if (len < HEADER_SIZE || len > MAX_MESSAGE_SIZE) {
        this.socket.destroy();
        return;
      }
      // Concatenate only once the whole message is here (large messages arrive in many chunks).
      if (this.pendingBytes < len) return;
      const head = this.pending.length === 1 ? first : Buffer.concat(this.pending, this.pendingBytes);
      const msg = head.subarray(0, len);
      const rest = head.subarray(len);
      this.pending = rest.length ? [rest] : [];
      this.pendingBytes = rest.length;
      this.inFlight++;
      this.updateReading();
      // With no earlier request unanswered (the usual case: a driver waits for each reply) and the
      // replies drained, the request runs now rather than behind two promise hops of the queue.
      const run =
        this.inFlight === 1 && !this.drained
          ? this.handle(msg)
          : this.queue.then(() => this.drained).then(() => this.handle(msg));
      this.queue = run.then(this.settled, this.failed);
    }
  }

  /** A request answered: the next may be read. */
  private readonly settled = (): void => {
    this.inFlight--;
    this.updateReading();
  };

  /** A request that could not be answered ends the connection. */
  private readonly failed = (): void => {
    this.socket.destroy();
    this.settled();
  };

  private async handle(msg: Buffer): Promise<void> {
    const header = readHeader(msg);
    const requestId = nextRequestId++ & 0x7fffffff;
    if (header.opCode === OP_QUERY) {
      // Legacy handshake only: anything but isMaster/hello gets an error document.
      const q = parseOpQuery(msg);
      // Old drivers wrap the command as { $query: { isMaster: 1 }, $readPreference: ... }.
      const query =
        typeof q.query.$query === 'object' && q.query.$query !== null
          ? (q.query.$query as Record<string, unknown>)
          : q.query;
      const cmd = Object.keys(query)[0] ?? '';
      const isHello = q.collection.endsWith('.$cmd') && /^(isMaster|ismaster|hello)$/.test(cmd);
      const body = isHello
        ? serialize({
            ...helloReply({ connectionId: this.id, body: query, state: this.state }, cmd !== 'hello'),
            ok: 1,
          })
        : serialize({
            ok: 0,
            errmsg: 'OP_QUERY is only supported for the isMaster/hello handshake',
            code: 352,
            codeName: 'UnsupportedOpQueryCommand',
          });
      this.write(encodeOpReply(requestId, header.requestId, body));
      return;
    }
    if (header.opCode !== OP_MSG) {
      this.socket.destroy();
      return;
    }
    let flags = 0;
    let reply: Uint8Array;
    let parsed: ReturnType<typeof parseOpMsg> | undefined;
    let waitMs: number | undefined;
    try {
      parsed = parseOpMsg(msg);
      flags = parsed.flags;
      waitMs = helloWaitMs(parsed.body, this.state);
      if (waitMs !== undefined) await waitOrClose(this.socket, waitMs);
      if (this.socket.destroyed) return;
      reply = await runCommand(this.state, parsed, this.id);
    } catch (err) {
      const e = toCommandError(err);
      reply = serialize({ ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName });
    }
    // moreToCome from the client: it expects no reply (unacknowledged write).
    if (flags & FLAG_MORE_TO_COME) return;
    const streaming = parsed !== undefined && waitMs !== undefined && (flags & FLAG_EXHAUST_ALLOWED) !== 0;
    this.reply(requestId, header.requestId, reply, flags, streaming);
    // A streaming hello: one more reply every maxAwaitTimeMS, each answering the one before,
    // until the socket closes (the client's monitor closing it, or a stop).
    let previous = requestId;
    while (streaming && parsed && waitMs !== undefined) {
      await waitOrClose(this.socket, waitMs);
      if (this.socket.destroyed) return;
      const next = nextRequestId++ & 0x7fffffff;
      this.reply(next, previous, await runCommand(this.state, parsed, this.id), flags, true);
      previous = next;
    }
  }

  /** Frames and sends a reply (checksummed when the request was; moreToCome when streaming). */
  private reply(requestId: number, responseTo: number, body: Uint8Array, flags: number, more: boolean) {
    const replyFlags = more ? FLAG_MORE_TO_COME : 0;
    this.write(
      flags & FLAG_CHECKSUM
        ? encodeOpMsgWithChecksum(requestId, responseTo, body, replyFlags)
        : encodeOpMsg(requestId, responseTo, body, replyFlags),
    );
  }

  private write(buf: Buffer): void {
    const socket = this.socket;
    if (socket.destroyed || socket.write(buf) || this.drained) return;
    const counters = this.state.connections;
    counters.waitingForDrain++;
    this.drained = new Promise<void>((resolve) => {
      const done = () => {
        socket.off('drain', done);
        socket.off('close', done);
        counters.waitingForDrain--;
        this.drained = undefined;
        this.updateReading();
        resolve();
      };
      socket.on('drain', done);
      socket.on('close', done);
    });
    this.updateReading();
  }
}
