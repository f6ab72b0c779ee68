import { ProcessingMode } from 'mingo/core';
import type { Options } from 'mingo/types';
import { bucketAutoYielding } from './bucket-auto.js';
import { preparedOptions } from './pipeline-stages.js';
import { parseSort, sortYieldingBy } from './sort.js';
import { groupYielding } from './yielding-group.js';
import { setWindowFieldsYielding } from './window/window-fields.js';
import { parseWindowSpec } from './window/window-spec.js';

type Doc = Record<string, unknown>;
/** The pausing pipeline (yielding-pipeline.ts), passed in by it. */
type RunPipeline = (stages: Doc[], options: Partial<Options>, input: Doc[]) => Promise<Doc[]>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * `$facet` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/facet/): each
 * sub-pipeline over the same input through the pausing pipeline, one after the other; one
 * document holding each sub-pipeline's results. Sub-pipelines work on copies of the input (as
 * mingo's `$facet` does), so one changing a nested field leaves the next unaffected.
 */
async function facetYielding(
  input: Doc[],
  spec: unknown,
  options: Partial<Options>,
  runPipeline: RunPipeline,
) {
  if (!isPlain(spec) || Object.keys(spec).length === 0) return undefined;
  const pipelines = Object.entries(spec);
  if (!pipelines.every(([, p]) => Array.isArray(p) && p.length > 0)) return undefined;
  // The pipeline's own options (a plain object, see aggregate.ts), copying their input.
  const copying = { ...options, processingMode: ProcessingMode.CLONE_INPUT };
  const out: Doc = {};
  for (const [name, pipeline] of pipelines) out[name] = await runPipeline(pipeline as Doc[], copying, input);
  return [out];
}

/**
 * `$sortByCount` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/sortByCount/):
 * "`$group` then `$sort`", `{_id: <value>, count: <documents>}` by descending count, each step
 * pausing. A specification other than a field path or an expression object goes to mingo.
 */
async function sortByCountYielding(input: Doc[], spec: unknown, options: Options) {
  const expression = typeof spec === 'string' ? spec.startsWith('$') : isPlain(spec);
  if (!expression) return undefined;
  const groups = await groupYielding(input, { _id: spec, count: { $sum: 1 } }, options);
  return sortYieldingBy(groups, (doc) => doc, parseSort({ count: -1 }));
}

/**
 * The stages that need every document at once and pause while they work (besides `$sort`,
 * `$group` and `$bucket`, see yielding-pipeline.ts). Undefined when the stage is none of them or
 * its specification is one they leave to mingo's stage (run in one go, with mingo's checks).
 */
export function pausingStage(
  name: string,
  spec: unknown,
  input: Doc[],
  partial: Partial<Options>,
  runPipeline: RunPipeline,
): Promise<Doc[] | undefined> | undefined {
  const options = preparedOptions(partial);
  switch (name) {
    case '$setWindowFields': {
      const window = parseWindowSpec(spec, options);
      return window ? setWindowFieldsYielding(input, window, options) : undefined;
    }
    case '$bucketAuto':
      return bucketAutoYielding(input, spec, options);
    case '$facet':
      return facetYielding(input, spec, partial, runPipeline);
    case '$sortByCount':
      return sortByCountYielding(input, spec, options);
    default:
      return undefined;
  }
}
