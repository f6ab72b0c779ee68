import { connect, type Socket } from 'node:net';
import { deserialize, serialize, type Document } from 'bson';

/**
 * One bare socket per bench loop speaking OP_MSG by hand: the engine's cost without the driver's
 * (sessions, monitoring, connection pool, command building), to tell the two apart in the figures.
 */
export class RawClients {
  private constructor(private readonly sockets: Socket[]) {}

  static async open(uri: string, count: number): Promise<RawClients> {
    const port = Number(new URL(uri).port);
    const sockets = await Promise.all(
      Array.from(
        { length: count },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const s = connect(port, '127.0.0.1', () => resolve(s));
            s.once('error', reject);
            s.setNoDelay(true);
          }),
      ),
    );
    return new RawClients(sockets);
  }

  /** Sends `body` as an OP_MSG on loop `w`'s socket; resolves with the reply, refusing `ok: 0`. */
  command(w: number, body: Document): Promise<Document> {
    const socket = this.sockets[w];
    if (!socket) return Promise.reject(new Error(`no socket ${String(w)}`));
    const bson = serialize(body);
    const msg = Buffer.allocUnsafe(21 + bson.length);
    msg.writeInt32LE(msg.length, 0);
    msg.writeInt32LE(w + 1, 4);
    msg.writeInt32LE(0, 8);
    msg.writeInt32LE(2013, 12);
    msg.writeUInt32LE(0, 16);
    msg[20] = 0;
    msg.set(bson, 21);
    return new Promise((resolve, reject) => {
      let buf: Buffer = Buffer.alloc(0);
      const onData = (d: Buffer) => {
        buf = buf.length === 0 ? d : Buffer.concat([buf, d]);
        if (buf.length < 4 || buf.length < buf.readInt32LE(0)) return;
        socket.off('data', onData);
        const reply = deserialize(buf.subarray(21, buf.readInt32LE(0)));
        if (reply.ok === 1) resolve(reply);
        else reject(new Error(`raw ${Object.keys(body)[0] ?? ''} failed: ${JSON.stringify(reply)}`));
      };
      socket.on('data', onData);
      socket.write(msg);
    });
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
  }
}
