import { startEmbeddedMongo, type EmbeddedMongo } from './start-embedded-mongo.js';

/**
 * The engine as a test wants it: in memory, on a free port of 127.0.0.1, answering as the given
 * MongoDB release ("7.0" runs a suite against an application's fallbacks for servers without
 * `bulkWrite`; absent: the engine's default). Test tooling starts the engine through this export
 * only, so what a test engine is stays the engine's business.
 */
export function startTestEngine(
  options: { serverVersion?: string | undefined } = {},
): Promise<EmbeddedMongo> {
  return startEmbeddedMongo({ port: 0, serverVersion: options.serverVersion });
}

export type { EmbeddedMongo } from './start-embedded-mongo.js';
