import { ZCoreEnvSchema } from '@formwell/core';
import { ZRedisUrl } from '@formwell/jobs';
import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

const ZPort = z.coerce.number().int().min(0).max(65_535);

/**
 * Every variable the server reads, validated once at boot (decisions.md §13): its own, plus core's
 * plan, quota and rate-limit overrides, so a bad override also stops the boot with its name.
 */
export const serverEnvSchema = {
  ...ZCoreEnvSchema.shape,
  PORT: ZPort.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),
  REDIS_URL: ZRedisUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default('*'),
  TRUST_PROXY: z.string().optional(),
  TRUSTED_COUNTRY_HEADER: z.string().optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
};

export type ServerEnv = ReturnType<typeof parseServerEnv>;

/** Thrown at boot with one line per bad variable, so the operator sees every problem at once. */
export class InvalidEnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'InvalidEnvError';
  }
}

export function parseServerEnv(source: Record<string, string | undefined> = process.env) {
  const env = createEnv({
    server: serverEnvSchema,
    runtimeEnv: source,
    emptyStringAsUndefined: true,
    onValidationError: (issues) => {
      throw new InvalidEnvError(
        issues.map((issue) => {
          const name = issue.path?.map((part) => (typeof part === 'object' ? part.key : part)).join('.');
          const received = name ? source[name] : undefined;

          return `${name ?? '(unknown)'}: ${received === undefined ? 'is required' : issue.message}`;
        }),
      );
    },
  });

  return { ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` };
}
