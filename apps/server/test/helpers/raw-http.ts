import { connect } from 'node:net';

export type StreamedRequest = {
  port: number;
  path: string;
  contentType: string;
  /** Bytes of body offered; sending stops as soon as the server answers or closes. */
  totalBytes: number;
  /** Announce the length up front (Content-Length) or stream it (Transfer-Encoding: chunked). */
  framing: 'length' | 'chunked';
};

export type StreamedResponse = { status: number; head: string; body: string; bytesSent: number };

const CHUNK = Buffer.alloc(64 * 1024, 0x61); // one reused buffer: the client itself holds 64 KB

/**
 * Sends a large body over a real socket in 64 KB chunks, waiting for each to drain, the way a slow
 * attacker would: the server can answer early (and should), and nothing here buffers the body.
 */
export function streamRequest({
  port,
  path,
  contentType,
  totalBytes,
  framing,
}: StreamedRequest): Promise<StreamedResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    let bytesSent = 0;
    let answered = false;

    const finish = () => {
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) {
        reject(new Error(`no HTTP response (sent ${bytesSent} bytes)`));

        return;
      }
      resolve({ status, head, body: decodeChunked(head, body), bytesSent });
    };
    socket.on('data', (data: Buffer) => {
      received.push(data);
      // Stop sending; the server closes after its answer (the request says Connection: close).
      answered = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may close while we still write: that is an answer, not a failure.
      if (!answered && error.code !== 'EPIPE' && error.code !== 'ECONNRESET') {
        reject(error);
      }
    });
    socket.on('close', finish);

    socket.on('connect', async () => {
      const framingHeader =
        framing === 'length' ? `Content-Length: ${totalBytes}` : 'Transfer-Encoding: chunked';
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n${framingHeader}\r\nConnection: close\r\n\r\n`,
      );
      while (bytesSent < totalBytes && !answered && !socket.destroyed) {
        const size = Math.min(CHUNK.length, totalBytes - bytesSent);
        const piece = CHUNK.subarray(0, size);
        const flushed =
          framing === 'length'
            ? socket.write(piece)
            : socket.write(`${size.toString(16)}\r\n`) && socket.write(piece) && socket.write('\r\n');
        bytesSent += size;
        if (!flushed) {
          await new Promise((drained) => {
            socket.once('drain', drained);
            socket.once('close', drained);
          });
        }
      }
      if (!answered && !socket.destroyed && framing === 'chunked') {
        socket.write('0\r\n\r\n');
      }
    });
  });
}

function decodeChunked(head: string, body: string): string {
  if (!/transfer-encoding: chunked/i.test(head)) {
    return body;
  }
  let rest = body;
  let decoded = '';
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) {
      return decoded;
    }
    decoded += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

export type RawResponse = { status: number; head: string; body: string };

/**
 * Writes bytes as they are onto a socket and reads the answer until the server closes: for requests
 * no HTTP client would send (no Host, broken header syntax, HTTP/1.0).
 */
export function sendRawRequest(port: number, bytes: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const received: Buffer[] = [];
    socket.on('data', (data: Buffer) => received.push(data));
    // The server may close while we still write: the answer is what it sent before.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') {
        reject(error);
      }
    });
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: decodeChunked(head, body) });
    });
    socket.on('connect', () => socket.write(bytes));
  });
}
