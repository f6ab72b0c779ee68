import { buildCoreConfig, ZCoreEnvSchema } from '@formwell/core';
import { ZRedisEnvSchema } from '@formwell/jobs';
import { createEnv } from '@t3-oss/env-core';
import { z } from 'zod';

import { parseTrustProxy } from './http/trust-proxy.js';

const ZPort = z.coerce.number().int().min(0).max(65_535);

/**
 * Every variable the server reads, validated once at boot (`npm start` needs none but PORT): its own, plus core's
 * plan, quota and rate-limit overrides, so a bad override also stops the boot with its name.
 */
const serverEnvSchema = {
  ...ZCoreEnvSchema.shape,
  PORT: ZPort.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  MONGODB_URI: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// or mongodb+srv:// URI'),
  ...ZRedisEnvSchema.shape,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // pretty: one readable line per request; json: pino's JSON lines. Unset: pretty on a terminal.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  CORS_ORIGINS: z.string().default('*'),
  // Host names the server answers besides PUBLIC_URL's and the loopback names (comma-separated,
  // `name` or `name:port`); any other Host gets 421.
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    ),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'problem' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.problem });

        return z.NEVER;
      }

      return parsed;
    }),
  // How long a client may take to send its headers, and its whole request; an idle connection is
  // closed after as long. Generous for slow mobile clients, short enough that slow senders cannot
  // hold sockets and buffers open.
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // Shared secret of the custom webhook receiver (`npm start` generates one under .data/). Unset:
  // the receiver refuses every request. A short one is accepted (an existing setup keeps booting)
  // with a warning: it can be guessed offline from a single signed body.
  CUSTOM_WEBHOOK_SECRET: z.string().optional(),
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

  // Core's settings come from this one validation; core also owns the PUBLIC_URL default.
  const coreConfig = buildCoreConfig(env);
  // Production traffic carries session cookies and API keys: it must not travel in clear text.
  if (env.NODE_ENV === 'production' && !coreConfig.publicUrl.startsWith('https://')) {
    throw new InvalidEnvError(['PUBLIC_URL: must be an https:// URL when NODE_ENV=production']);
  }

  return { ...env, PUBLIC_URL: coreConfig.publicUrl, coreConfig };
}
