import { loadConfig } from '@formwell/core';

/**
 * Core's default plans and limits, for fixtures that call @formwell/core directly (as the CLI does)
 * rather than through the app. Private webhook targets are allowed: fixtures register endpoints on
 * the tests' own receivers, which listen on 127.0.0.1 (whether deliveries reach them is the app's
 * or the worker's setting, not this one).
 */
export const testCoreConfig = loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });
