import { badValue, failedToParse } from '../errors.js';
import { findMatches } from '../query/find-docs.js';
import { parseSort } from '../query/sort.js';
import type { Plan } from '../query/planner.js';
import { docOption, numberOption } from './options.js';
import { hintName } from './find.js';
import type { CommandDef, Doc } from './types.js';

function winningPlan(plan: Plan, needsFetch: boolean): Doc {
  if (plan.union)
    return {
      stage: 'FETCH',
      inputStage: { stage: 'OR', inputStages: plan.union.map((p) => winningPlan(p, false)) },
    };
  if (!plan.index) return { stage: 'COLLSCAN', direction: 'forward' };
  const ixscan = {
    stage: 'IXSCAN',
    keyPattern: plan.index.spec.key,
    indexName: plan.index.name,
    isMultiKey: plan.index.multikey,
    isUnique: plan.index.unique,
    direction: plan.reverse ? 'backward' : 'forward',
  };
  return needsFetch ? { stage: 'FETCH', inputStage: ixscan } : ixscan;
}

/**
 * `explain` for find and count (https://www.mongodb.com/docs/manual/reference/command/explain/):
 * the chosen plan (IXSCAN / COLLSCAN) and, from executionStats up, the keys and documents examined.
 */
export const explainCommand: CommandDef = {
  options: ['verbosity'],
  run(ctx) {
    const inner = docOption(ctx.body, 'explain') ?? {};
    const verb = Object.keys(inner)[0];
    if (verb !== 'find' && verb !== 'count')
      throw badValue(`explain of '${verb ?? ''}' is not supported by the embedded engine`);
    const verbosity = ctx.body.verbosity ?? 'allPlansExecution';
    if (
      typeof verbosity !== 'string' ||
      !['queryPlanner', 'executionStats', 'allPlansExecution'].includes(verbosity)
    ) {
      throw failedToParse(
        `verbosity string must be one of {'queryPlanner', 'executionStats', 'allPlansExecution'}`,
      );
    }
    const name = String(inner[verb]);
    const filter = docOption(inner, verb === 'find' ? 'filter' : 'query') ?? {};
    const coll = ctx.state.engine.collection(ctx.db, name);
    const namespace = `${ctx.db}.${name}`;
    if (!coll)
      return {
        queryPlanner: { namespace, winningPlan: { stage: 'EOF' } },
        executionStats: { nReturned: 0, totalKeysExamined: 0, totalDocsExamined: 0 },
      };
    const before = { ...coll.stats };
    const { matches, plan } = findMatches(coll, {
      filter,
      sort: parseSort(inner.sort),
      skip: numberOption(inner, 'skip', 0),
      limit: Math.abs(numberOption(inner, 'limit', 0)),
      hint: hintName(ctx, inner.hint, coll.indexes.values()),
    });
    const reply: Doc = {
      queryPlanner: {
        namespace,
        parsedQuery: filter,
        winningPlan: winningPlan(plan, verb === 'find'),
        rejectedPlans: [],
      },
    };
    if (verbosity !== 'queryPlanner') {
      reply.executionStats = {
        executionSuccess: true,
        nReturned: matches.length,
        totalKeysExamined: coll.stats.keysExamined - before.keysExamined,
        totalDocsExamined: coll.stats.docsExamined - before.docsExamined,
      };
    }
    return reply;
  },
};
