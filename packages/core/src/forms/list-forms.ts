import { formRepository } from '@formwell/db';

import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { toFormListItem, type TFormListItem } from './form-list-item.js';

export type ListFormsOptions = {
  userId: string;
  /** A key restricted to some forms lists only those; empty or absent: all the owner's forms. */
  onlyFormIds?: readonly string[];
} & TPageRequest;

/** The owner's forms, newest first (`createdAt`, then id), keyset-paginated with an opaque cursor. */
export async function listForms({
  userId,
  limit,
  cursor,
  onlyFormIds,
}: ListFormsOptions): Promise<{ forms: TFormListItem[]; nextCursor: string | null }> {
  const page = await formRepository.list({
    userId,
    ...resolvePageRequest({ limit, cursor }),
    onlyIds: onlyFormIds && onlyFormIds.length > 0 ? onlyFormIds : undefined,
  });

  return { forms: page.items.map(toFormListItem), nextCursor: nextCursor(page) };
}
