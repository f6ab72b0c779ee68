import { existsSync } from 'node:fs';

import type { EmbeddedServices } from '@formwell/local-services';

/**
 * Why the CLI cannot reach the embedded engine, said before any connection attempt: its socket
 * exists only while an `npm start` runs on that data folder, so without it the driver's server
 * selection would only make the operator wait for the same answer. Most often the CLI runs in
 * another terminal without the FORMWELL_DATA_DIR that `npm start` was given. Undefined when the
 * database is another one, the engine listens on a TCP port (given here or recorded by npm start),
 * or the socket is there.
 */
export function embeddedEngineAbsence(mongoUri: string, embedded: EmbeddedServices): string | undefined {
  if (
    mongoUri !== embedded.mongoUri ||
    embedded.mongoPort !== undefined ||
    existsSync(embedded.mongoSocket)
  ) {
    return undefined;
  }

  return (
    `no \`npm start\` runs on the data folder ${embedded.dataDir} (no ${embedded.mongoSocket}): ` +
    'start it (in another terminal), or give this command the FORMWELL_DATA_DIR that npm start was given'
  );
}
