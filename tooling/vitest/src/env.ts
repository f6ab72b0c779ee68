/**
 * Which of the run's parallel vitest workers this process is (1 to maxWorkers; vitest sets it in
 * each worker; 0 outside one).
 */
export function vitestPoolId(): number {
  return Number(process.env.VITEST_POOL_ID ?? 0);
}

/**
 * The MongoDB release the run's shared embedded engine answers as (`EMBEDDED_MONGO_SERVER_VERSION`,
 * e.g. "7.0" to exercise fallbacks for servers without `bulkWrite`); unset: the engine's default.
 */
export function embeddedMongoServerVersion(): string | undefined {
  return process.env.EMBEDDED_MONGO_SERVER_VERSION || undefined;
}

/** Where the Chromium the browser tests drive lives (`CHROMIUM_PATH`); Debian's by default. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}
