/** One request's answer, measured: its body and its header bytes as they crossed the wire. */
export async function answerOf(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ bodyBytes: number; headerBytes: number }> {
  const response = await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
  const body = await response.arrayBuffer();
  if (!response.ok) {
    throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString()}`);
  }
  // The status line and `name: value\r\n` per header, then the blank line.
  let headerBytes = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length;
  response.headers.forEach((value, name) => (headerBytes += name.length + value.length + 4));

  return { bodyBytes: body.byteLength, headerBytes };
}
