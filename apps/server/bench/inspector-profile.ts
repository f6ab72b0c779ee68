import { writeFileSync } from 'node:fs';

type TCallFrame = { functionName: string; url: string; lineNumber: number };
type TProfileNode = { id: number; callFrame: TCallFrame; children?: number[] };
export type TCpuProfile = {
  nodes: TProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/**
 * A V8 CPU profile of another Node process over a chosen window, through its inspector (the process
 * runs with `--inspect=127.0.0.1:<port>`): `--cpu-prof` covers a whole process life, which at a
 * million documents is mostly the fill, not the request being looked at.
 */
export class InspectorProfiler {
  readonly #socket: WebSocket;
  #nextId = 1;
  readonly #pending = new Map<number, (result: unknown) => void>();

  private constructor(socket: WebSocket) {
    this.#socket = socket;
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
      if (message.id !== undefined) {
        this.#pending.get(message.id)?.(message.result);
        this.#pending.delete(message.id);
      }
    });
  }

  static async attach(port: number, intervalUs = 500): Promise<InspectorProfiler> {
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) {
      throw new Error(`no inspector target on port ${port}`);
    }
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve);
      socket.addEventListener('error', reject);
    });
    const profiler = new InspectorProfiler(socket);
    await profiler.#send('Profiler.enable');
    await profiler.#send('Profiler.setSamplingInterval', { interval: intervalUs });

    return profiler;
  }

  #send(method: string, params: object = {}): Promise<unknown> {
    const id = this.#nextId++;
    const answered = new Promise<unknown>((resolve) => this.#pending.set(id, resolve));
    this.#socket.send(JSON.stringify({ id, method, params }));

    return answered;
  }

  start(): Promise<unknown> {
    return this.#send('Profiler.start');
  }

  async stop(file: string): Promise<TCpuProfile> {
    const { profile } = (await this.#send('Profiler.stop')) as { profile: TCpuProfile };
    writeFileSync(file, JSON.stringify(profile));

    return profile;
  }

  /**
   * Starts V8's sampling heap profiler, keeping the samples of objects the scavenger and the full
   * collector already freed: a request's garbage is what makes the scavenges, and a plain heap
   * profile (`--heap-prof`) shows only what is still alive.
   */
  async startHeapSampling(samplingIntervalBytes = 4096): Promise<void> {
    await this.#send('HeapProfiler.enable');
    await this.#send('HeapProfiler.startSampling', {
      samplingInterval: samplingIntervalBytes,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }

  async stopHeapSampling(file: string): Promise<THeapProfile> {
    const { profile } = (await this.#send('HeapProfiler.stopSampling')) as { profile: THeapProfile };
    writeFileSync(file, JSON.stringify(profile));

    return profile;
  }

  close(): void {
    this.#socket.close();
  }
}

type THeapNode = { id: number; callFrame: TCallFrame; selfSize: number; children: THeapNode[] };
export type THeapProfile = { head: THeapNode; samples: { size: number; nodeId: number }[] };

/**
 * Bytes allocated per request by the functions (self: allocated in the function itself; inclusive:
 * in it and what it called) and by the package they live in (`packageOf`), from a sampling heap
 * profile over `requests` requests.
 */
export function allocationsPerRequest(
  profile: THeapProfile,
  requests: number,
  packageOf: (url: string) => string,
  top = 25,
): string {
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const name = ({ callFrame }: THeapNode) =>
    `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
  const add = (map: Map<string, number>, key: string, bytes: number) =>
    map.set(key, (map.get(key) ?? 0) + bytes);
  // Returns the node's inclusive bytes; a function recursing into itself is counted once per path.
  const walk = (node: THeapNode, onPath: Set<string>): number => {
    const key = name(node);
    add(self, key, node.selfSize);
    add(byPackage, packageOf(node.callFrame.url), node.selfSize);
    const nested = new Set(onPath).add(key);
    let total = node.selfSize;
    for (const child of node.children) {
      total += walk(child, nested);
    }
    if (!onPath.has(key)) {
      add(inclusive, key, total);
    }

    return total;
  };
  const all = walk(profile.head, new Set());
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, bytes]) => `  ${(bytes / requests / 1024).toFixed(2).padStart(8)} KB  ${key}`)
      .join('\n');

  return `${(all / requests / 1024).toFixed(1)} KB per request sampled over ${requests} requests\nself:\n${rows(self)}\ninclusive:\n${rows(inclusive)}\nself by package:\n${rows(byPackage)}`;
}

/** The functions with the largest self and inclusive shares of a profile's samples. */
export function topFunctions(profile: TCpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  const name = (node: TProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const total = profile.samples.length;
  for (const sample of profile.samples) {
    const node = byId.get(sample);
    if (!node) continue;
    self.set(name(node), (self.get(name(node)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      const at = byId.get(id);
      if (!at) break;
      const key = name(at);
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
      }
    }
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([key, count]) => `  ${((count * 100) / total).toFixed(1).padStart(5)} %  ${key}`)
      .join('\n');

  return `${total} samples\nself:\n${rows(self)}\ninclusive:\n${rows(inclusive)}`;
}
