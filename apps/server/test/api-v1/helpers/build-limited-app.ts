import { buildTestApp } from '../../helpers/build-test-app.js';

export type BuildLimitedAppOptions = {
  /** Core configuration overrides such as `RATE_LIMIT_GET_FORM: '3/60'` (every limit is configurable). */
  config?: Record<string, string>;
  /** Share a database (two replicas of one deployment). */
  mongoUri?: string;
  redisUrl?: string;
};

/** The test app with configuration overrides, optionally sharing a database and Redis with another. */
export async function buildLimitedApp({ config = {}, mongoUri, redisUrl }: BuildLimitedAppOptions = {}) {
  return buildTestApp({
    ...config,
    ...(mongoUri ? { MONGODB_URI: mongoUri } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
}
