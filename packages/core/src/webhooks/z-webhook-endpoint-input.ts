import { z } from 'zod';

import { SUBMISSION_CREATED_EVENT } from './delivery/webhook-payload.js';
import { HTTP_URL_JSON_SCHEMA, isAbsoluteHttpUrl } from '../submissions/is-absolute-http-url.js';

export const MAX_WEBHOOK_HEADERS = 10;
const MAX_HEADER_NAME_LENGTH = 100;
const MAX_HEADER_VALUE_LENGTH = 1000;

/**
 * Header names an endpoint may not set: hop-by-hop and framing headers belong to the connection
 * (setting them would break or smuggle requests), and the signature headers must be the ones the
 * delivery computes, or a receiver could be handed a forged one.
 */
const RESERVED_HEADER_NAMES = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'content-type',
  'content-encoding',
  'expect',
  'x-service-signature',
]);
/** The Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`, ...). */
const RESERVED_HEADER_PREFIX = 'webhook-';

// An HTTP token (RFC 9110): what a header name may consist of.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII, space and tab: no CR/LF (header injection) and no bytes clients encode differently.
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;

export const ZWebhookHeaderSchema = z.object({
  name: z
    .string()
    .min(1)
    .max(MAX_HEADER_NAME_LENGTH)
    .regex(HEADER_NAME, 'must be an HTTP header name')
    .refine((name) => {
      const lower = name.toLowerCase();

      return !RESERVED_HEADER_NAMES.has(lower) && !lower.startsWith(RESERVED_HEADER_PREFIX);
    }, 'is reserved (connection, framing and signature headers are set by the delivery)'),
  value: z
    .string()
    .max(MAX_HEADER_VALUE_LENGTH)
    .regex(HEADER_VALUE, 'must be printable ASCII without line breaks'),
});

const UNIQUE_HEADER_NAMES = 'header names must be unique';

export const ZWebhookHeadersSchema = z
  .array(ZWebhookHeaderSchema)
  .max(MAX_WEBHOOK_HEADERS)
  .refine(
    (headers) => new Set(headers.map(({ name }) => name.toLowerCase())).size === headers.length,
    UNIQUE_HEADER_NAMES,
  )
  // Neither rule fits JSON Schema (case-insensitive); the document states both in words.
  .meta({
    description:
      `Sent with every delivery; ${UNIQUE_HEADER_NAMES} (case-insensitive). Reserved (400): ` +
      `${[...RESERVED_HEADER_NAMES].join(', ')} and any name starting with \`${RESERVED_HEADER_PREFIX}\`.`,
  });

/** The events an endpoint can subscribe to: one today, a list so more can follow. */
export const ZWebhookEventsSchema = z
  .array(z.literal(SUBMISSION_CREATED_EVENT))
  .min(1)
  .max(1)
  .meta({ description: `Subscribed events; \`${SUBMISSION_CREATED_EVENT}\` is the only one.` });

export const ZWebhookUrlSchema = z
  .string()
  .max(2048)
  .refine(isAbsoluteHttpUrl, 'must be an absolute http(s) URL')
  // The refinement is invisible to the document; say what it accepts.
  .meta({ format: HTTP_URL_JSON_SCHEMA.format, pattern: HTTP_URL_JSON_SCHEMA.pattern });

/** What an owner sets on an endpoint; the secret is generated, never chosen. */
export const ZCreateWebhookEndpointInputSchema = z.object({
  url: ZWebhookUrlSchema,
  description: z.string().max(500).optional(),
  enabled: z.boolean().optional(),
  events: ZWebhookEventsSchema.optional(),
  headers: ZWebhookHeadersSchema.optional(),
});

export type TCreateWebhookEndpointInput = z.input<typeof ZCreateWebhookEndpointInputSchema>;

/** A change: any subset of the fields; `headers` replaces the whole list. */
export const ZUpdateWebhookEndpointInputSchema = ZCreateWebhookEndpointInputSchema.partial();

export type TUpdateWebhookEndpointInput = z.input<typeof ZUpdateWebhookEndpointInputSchema>;
