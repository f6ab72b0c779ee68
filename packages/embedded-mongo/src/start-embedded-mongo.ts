export type EmbeddedMongoOptions = {
  /** TCP port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** Data directory; absent keeps everything in memory. */
  dbPath?: string;
};

export type EmbeddedMongo = { uri: string; port: number; stop(): Promise<void> };

export function startEmbeddedMongo(_options: EmbeddedMongoOptions = {}): Promise<EmbeddedMongo> {
  return Promise.reject(new Error('embedded engine: not built yet'));
}
