/**
 * Starts the engine alone and prints its URI, to profile it under a client of your own:
 * `NODE_OPTIONS=--cpu-prof pnpm bench:serve [dbPath]`; it stops (writing the profile) on SIGINT.
 */
import { startEmbeddedMongo } from '../src/index.js';

const dbPath = process.argv[2];
const server = await startEmbeddedMongo(dbPath ? { port: 0, dbPath } : { port: 0 });
process.stdout.write(`${server.uri}\n`);
process.once('SIGINT', () => {
  void server.stop().then(() => process.exit(0));
});
