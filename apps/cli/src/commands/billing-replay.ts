import { parseArgs } from 'node:util';

import { replayPaymentEvent } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/** Warnings of the replay go to stderr, so stdout stays one JSON document. */
const stderrLogger = {
  warn(details: object, message: string) {
    process.stderr.write(`formwell: ${message} ${JSON.stringify(details)}\n`);
  },
};

/** `billing replay --event ID` → `{state, eventId, type, outcome?}`: applies a stored payment event again. */
export async function billingReplay({ args, config }: TCommandOptions) {
  const { values } = parseArgs({ args, options: { event: { type: 'string' } }, strict: true });

  return replayPaymentEvent({
    eventId: requiredOption(values, 'event'),
    config,
    priceIds: config.stripePriceIds,
    logger: stderrLogger,
  });
}
