import { randomBytes } from 'node:crypto';

import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    redisUrl: string;
  }
}

/** The Redis URL of the run's private redis-server. */
export function testRedisUrl(): string {
  return inject('redisUrl');
}

/**
 * A MongoDB URI on the run's embedded engine with a database of its own, so test files that run in
 * parallel never see each other's data.
 */
export function testMongoUri(label = 'test'): string {
  const url = new URL(inject('mongoUri'));
  url.pathname = `/${label.replace(/[^a-z0-9_]/gi, '_')}_${randomBytes(4).toString('hex')}`;

  return url.toString();
}
