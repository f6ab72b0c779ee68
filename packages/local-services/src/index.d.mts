export declare const REPO_ROOT: string;

export type EmbeddedServices = {
  dataDir: string;
  socketDir: string;
  mongoDir: string;
  redisDir: string;
  mongoSocket: string;
  redisSocket: string;
  /** Set only when EMBEDDED_MONGO_PORT opts the engine into loopback TCP. */
  mongoPort: number | undefined;
  mongoUri: string;
  /** Set only when EMBEDDED_REDIS_PORT opts redis-server into loopback TCP. */
  redisPort: number | undefined;
  redisUrl: string;
  /** Where `npm start` records the settings the CLI follows (see writeStartSettings). */
  startSettingsFile: string;
  /** The pid lock the running `npm start` of this data folder holds. */
  startLockFile: string;
};

export declare function embeddedServices(env?: Record<string, string | undefined>): EmbeddedServices;
/** embeddedServices, with the ports the `npm start` of that data folder recorded where env has none. */
export declare function startedEmbeddedServices(env?: Record<string, string | undefined>): {
  embedded: EmbeddedServices;
  settings: Record<string, string>;
};
export declare function writeStartSettings(
  services: Pick<EmbeddedServices, 'startSettingsFile'>,
  env: Record<string, string | undefined>,
): void;
export declare function parsePort(value: string | undefined, name: string): number | undefined;
export declare function assertSocketPathFits(path: string): void;
export declare function maskUrlCredentials(text: string): string;

export { acquirePidLock, PidLockHeldError, type PidLock } from './pid-lock.mjs';
