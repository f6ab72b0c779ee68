import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

import { ZLogLevel, ZMongoUri } from '../env.js';

/** What the local mail catcher reads: where to keep mail, and the login `npm start` made up for it. */
export function parseMailCatcherEnv(source: Record<string, string | undefined> = process.env) {
  return createEnv({
    server: {
      MONGODB_URI: ZMongoUri,
      MAIL_CATCHER_USER: z.string().min(1),
      MAIL_CATCHER_PASSWORD: z.string().min(16),
      LOG_LEVEL: ZLogLevel,
    },
    runtimeEnv: source,
    emptyStringAsUndefined: true,
  });
}
