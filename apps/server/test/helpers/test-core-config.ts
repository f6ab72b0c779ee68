import { loadConfig } from '@formwell/core';

/**
 * Core's default plans and limits, for fixtures that call @formwell/core directly (as the CLI does)
 * rather than through the app.
 */
export const testCoreConfig = loadConfig({ env: {} });
