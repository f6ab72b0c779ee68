import type { ApiLogger } from './context.js';

type TLevel = 'info' | 'warn' | 'error';

/**
 * `parent.child(bindings)`, created on first use. Every request binds a child logger (request
 * source, then user and key), yet most requests never log once the level is `warn`; pino builds a
 * child eagerly (it serialises the bindings), a measurable cost per request. A call at a level the
 * parent has disabled creates nothing. The lines written are exactly those of an eager child.
 */
export function lazyChildLogger(parent: ApiLogger, bindings: Record<string, unknown>): ApiLogger {
  let child: ApiLogger | undefined;
  const materialise = () => (child ??= parent.child(bindings));
  const enabled = (level: TLevel) => parent.isLevelEnabled?.(level) !== false;

  return {
    info(obj, msg) {
      if (enabled('info')) {
        materialise().info(obj, msg);
      }
    },
    warn(obj, msg) {
      if (enabled('warn')) {
        materialise().warn(obj, msg);
      }
    },
    error(obj, msg) {
      if (enabled('error')) {
        materialise().error(obj, msg);
      }
    },
    child(more) {
      return lazyChildLogger(materialise(), more);
    },
    isLevelEnabled(level) {
      return parent.isLevelEnabled?.(level) ?? true;
    },
  };
}
