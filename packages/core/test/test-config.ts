import { loadConfig } from '../src/config/load-config.js';

/** The default plans, limits and public URL, as a process with no overrides in its environment gets. */
export const testConfig = loadConfig({ env: {} });
