import { loadConfig, type TCoreConfig } from './load-config.js';

let cached: TCoreConfig | undefined;

/** The process-wide configuration, read from the environment once. */
export function getConfig(): TCoreConfig {
  cached ??= loadConfig();

  return cached;
}
