import { MongoCommandError } from '../errors.js';

type Doc = Record<string, unknown>;

const invalidOptions = (msg: string) => new MongoCommandError(72, 'InvalidOptions', msg);
const truthy = (v: unknown) => v !== undefined && v !== null && v !== false && v !== 0;

/**
 * The option combinations mongod's validate command refuses (parseValidateOptions in
 * src/mongo/db/catalog/collection_validation.cpp), with its codes and texts. A standalone mongod
 * also refuses `background: true` (it validates a checkpoint at a replicated timestamp).
 */
export function checkValidateOptions(body: Doc): void {
  const background = truthy(body.background);
  const full = truthy(body.full);
  const enforceFastCount = truthy(body.enforceFastCount);
  const checkBSON = truthy(body.checkBSONConformance);
  const repair = truthy(body.repair);
  const both = (a: string, b: string) =>
    invalidOptions(
      `Running the validate command with both { ${a}: true } and { ${b}: true } is not supported.`,
    );
  if (background && full) throw both('background', 'full');
  if (background && enforceFastCount) throw both('background', 'enforceFastCount');
  if (background && repair) throw both('background', 'repair');
  if (enforceFastCount && repair) throw both('enforceFastCount', 'repair');
  if (checkBSON && repair) throw both('checkBSONConformance', 'repair');
  if (truthy(body.metadata) && (background || full || enforceFastCount || checkBSON || repair))
    throw invalidOptions(
      'Running the validate command with { metadata: true } is not supported with any other options',
    );
  if (background)
    throw new MongoCommandError(
      115,
      'CommandNotSupported',
      'Running the validate command with { background: true } is not supported in standalone mode',
    );
}
