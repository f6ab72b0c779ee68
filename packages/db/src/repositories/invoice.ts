import { InvoiceModel, type TInvoiceDoc } from '../models/invoice.js';
import type { TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TPaidInvoice = Omit<TRecordOf<TInvoiceDoc>, 'createdAt' | 'updatedAt'>;

/** Invoices the provider reported paid. */
export const invoiceRepository = {
  /** Records (or refreshes) one invoice by the provider's id, so a repeated event adds nothing. */
  async upsert(input: TPaidInvoice): Promise<void> {
    const { providerId, userId, ...rest } = input;
    await InvoiceModel.updateOne(
      { providerId },
      { $set: { ...rest, userId: userId ? requireObjectId(userId) : null } },
      { upsert: true },
    );
  },
};
