import type { TOnBumpFailed } from '../api-keys/auth-epoch.js';
import type { TCoreConfig } from '../config/load-config.js';
import { invalidParameter } from '../errors/invalid-parameter.js';
import { parseInput } from '../errors/parse-input.js';
import { storeFormEndpoint } from '../webhooks/store-form-endpoint.js';
import { isPlatformUrl, PLATFORM_URL_RULE } from './integration-hosts.js';
import { toIntegrationView, type TIntegrationView } from './integration-view.js';
import { ZCreateIntegrationInputSchema, type TCreateIntegrationInput } from './z-integration-input.js';

export type CreateIntegrationOptions = {
  config: TCoreConfig;
  userId: string;
  formId: string;
  input: TCreateIntegrationInput;
  onBumpFailed?: TOnBumpFailed;
};

/**
 * Adds a Slack, Discord or Teams integration to a form: 400 for a URL that is not on the
 * platform's own host (any http(s) URL when private targets are allowed), then the form (404, or
 * 403 for another user's), then the plan's per-form endpoint limit (403, shared with webhooks).
 * The URL is never shown again unmasked; the SSRF guard still checks every delivery.
 */
export async function createIntegration({
  config,
  userId,
  formId,
  input,
  onBumpFailed,
}: CreateIntegrationOptions): Promise<TIntegrationView> {
  const { type, url } = parseInput(ZCreateIntegrationInputSchema, input);
  if (!config.webhooks.allowPrivateTargets && !isPlatformUrl(type, url)) {
    throw invalidParameter('url', `url ${PLATFORM_URL_RULE[type]}`);
  }
  const record = await storeFormEndpoint({
    config,
    userId,
    formId,
    kind: type,
    url,
    ...(onBumpFailed ? { onBumpFailed } : {}),
  });

  return toIntegrationView(record);
}
