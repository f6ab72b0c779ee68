import { Context, ProcessingMode } from 'mingo/core';
import type { Options } from 'mingo/types';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { dateOperators } from './date-operators.js';

/**
 * mingo with every operator, except that date operators are replaced by our timezone-correct ones
 * (mingo 7 only understands `Area/City` names and computes offsets by re-parsing locale strings).
 */
export const mingoContext = Context.init({
  accumulator: accumulatorOperators,
  expression: { ...expressionOperators, ...dateOperators },
  pipeline: pipelineOperators,
  projection: projectionOperators,
  query: queryOperators,
  window: windowOperators,
});

export const queryOptions: Partial<Options> = {
  context: mingoContext,
  processingMode: ProcessingMode.CLONE_OFF,
  useStrictMode: true,
  scriptEnabled: false,
};
