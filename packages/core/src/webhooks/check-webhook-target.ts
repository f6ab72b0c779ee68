import { isIP } from 'node:net';

import { ErrorMessages } from '../errors/error-messages.js';
import { invalidParameter } from '../errors/invalid-parameter.js';
import { systemResolve, type TResolveHost } from './delivery/guarded-lookup.js';
import { isPublicAddress } from './delivery/is-public-address.js';

export type CheckWebhookTargetOptions = {
  url: string;
  /** ALLOW_PRIVATE_WEBHOOK_TARGETS: private and loopback targets are then fine. */
  allowPrivateTargets: boolean;
  /** The request parameter the URL came in (a webhook's `url`, a REST hook's `targetUrl`). */
  parameter?: string;
  resolve?: TResolveHost;
};

/**
 * Refuses, when an endpoint is created or its URL changed, a URL every delivery would refuse: an IP
 * literal or a name that resolves to a loopback, private, link-local or reserved address (400, the
 * text naming ALLOW_PRIVATE_WEBHOOK_TARGETS, which lets such targets through). A name that does not
 * resolve now is accepted: DNS may not be set up yet, and the delivery checks the address it
 * connects to in any case (this check does not replace that one: an answer can change later).
 */
export async function checkWebhookTarget({
  url,
  allowPrivateTargets,
  parameter = 'url',
  resolve = systemResolve,
}: CheckWebhookTargetOptions): Promise<void> {
  if (allowPrivateTargets) {
    return;
  }
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses =
    isIP(host) !== 0
      ? [host]
      : await resolve(host, 0).then(
          (found) => found.map(({ address }) => address),
          () => [],
        );
  if (addresses.some((address) => !isPublicAddress(address))) {
    throw invalidParameter(parameter, ErrorMessages.webhookPrivateTarget(host));
  }
}
