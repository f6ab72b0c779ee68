/** The minimal logger shape procedures use (pino's, without importing pino here). */
export type ApiLogger = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child(bindings: Record<string, unknown>): ApiLogger;
  /** pino's; lets a lazy child skip disabled levels without being created. */
  isLevelEnabled?(level: string): boolean;
};
