import type { Options } from 'mingo/types';
import { $function as mingoFunction } from 'mingo/operators/expression/custom';
import { badValue, locationError } from '../errors.js';
import type { ExprOp } from './expression-fixes.js';

/**
 * The engine runs no user JavaScript: it answers as a mongod started with `--noscripting`
 * (`security.javascriptEnabled: false`), with that server's codes and texts.
 *
 * `$function` and `$accumulator` fail when their code would run (mongod asks for its script
 * engine when it evaluates them, not when it parses them), so a pipeline over no documents still
 * succeeds, as on mongod. `$where` fails when the filter is parsed, so also on an empty or missing
 * collection; in an aggregation `$match` it is refused whatever the script engine (mongod never
 * allows it there).
 */
const NO_SCRIPT_ENGINE = 'Cannot run server-side javascript without the javascript engine enabled';
const noScriptEngine = () => locationError(31264, NO_SCRIPT_ENGINE);
export const whereWithoutScriptEngine = () =>
  locationError(6108304, 'no globalScriptEngine in $where parsing');
export const whereInPipeline = () => badValue('$where is not allowed in this context');

/**
 * mingo's `$setWindowFields` computes its windows through its own `$function` with scripting
 * turned on for that call alone (see pipeline-stages.ts): that internal use keeps working; a user's
 * `$function` always meets scripting off.
 */
const $function: ExprOp = (obj, expr, options) => {
  if (!options.scriptEnabled) throw noScriptEngine();
  return mingoFunction(obj, expr, options);
};

/** Called once per group, so only when there is a document to accumulate, as mongod's. */
const $accumulator = (_collection: unknown[], _expr: unknown, _options: Options): never => {
  throw noScriptEngine();
};

export const scriptExpressions = { $function };
export const scriptAccumulators = { $accumulator };
