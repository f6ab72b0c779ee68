import { inboundEventRepository, type TRole } from '@formwell/db';

import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { ownerReaderFor } from '../users/owner-reader-for.js';
import { toInboundEventView, type TInboundEventView } from './inbound-event-view.js';

export type ListInboundEventsOptions = { user: { id: string; role: TRole } } & TPageRequest;

/**
 * Notifications received by the custom receiver, newest first: staff see all of them, an owner
 * those naming one of their forms.
 */
export async function listInboundEvents({
  user,
  limit,
  cursor,
}: ListInboundEventsOptions): Promise<{ events: TInboundEventView[]; nextCursor: string | null }> {
  const page = await inboundEventRepository.list({
    reader: ownerReaderFor(user),
    ...resolvePageRequest({ limit, cursor }),
  });

  return { events: page.items.map(toInboundEventView), nextCursor: nextCursor(page) };
}
