export { startEmbeddedMongo } from './start-embedded-mongo.js';
export type { EmbeddedMongo, EmbeddedMongoOptions } from './start-embedded-mongo.js';
