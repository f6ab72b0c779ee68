import type { ApiLogger } from './api-logger.js';

/** pino's levels. */
type TLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type TLogFn = (...args: unknown[]) => void;

/** What a lazy child needs of its parent: pino's logger, or another lazy child. */
export type TParentLogger = { [level in TLevel]?: TLogFn } & {
  child(bindings: Record<string, unknown>): TParentLogger;
  isLevelEnabled?(level: string): boolean;
  level?: string;
};

/**
 * `parent.child(bindings)`, created on first use. Every request binds child loggers (Fastify's
 * request id, then the request source, then user and key), yet most requests never log once the
 * level is `warn`; pino builds a child eagerly (it serialises and redacts the bindings), a
 * measurable cost per request. A call at a level the parent has disabled creates nothing. The lines
 * written are exactly those of an eager child. A class, so that a request allocates one object and
 * no closures.
 */
export class LazyChildLogger {
  readonly #parent: TParentLogger | LazyChildLogger;
  readonly #bindings: Record<string, unknown>;
  #child: TParentLogger | undefined;

  constructor(parent: TParentLogger | LazyChildLogger, bindings: Record<string, unknown>) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level ?? 'info';
  }

  isLevelEnabled(level: string): boolean {
    return this.#parent.isLevelEnabled?.(level) ?? true;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#log('error', args);
  }

  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }

  info(...args: unknown[]): void {
    this.#log('info', args);
  }

  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }

  /** pino's no-op level. */
  silent(): void {}

  /** Lazy as well: a child of a child that never logs creates no pino logger at all. */
  child(bindings: Record<string, unknown>): LazyChildLogger {
    return new LazyChildLogger(this, bindings);
  }

  #log(level: TLevel, args: unknown[]): void {
    if (this.isLevelEnabled(level)) {
      this.#materialise()[level]?.(...args);
    }
  }

  #materialise(): TParentLogger {
    if (this.#child === undefined) {
      const parent = this.#parent instanceof LazyChildLogger ? this.#parent.#materialise() : this.#parent;
      this.#child = parent.child(this.#bindings);
    }

    return this.#child;
  }
}

/** A lazy `parent.child(bindings)` for the router's own logging (see LazyChildLogger). */
export function lazyChildLogger(parent: ApiLogger, bindings: Record<string, unknown>): ApiLogger {
  return new LazyChildLogger(parent as unknown as TParentLogger, bindings);
}
