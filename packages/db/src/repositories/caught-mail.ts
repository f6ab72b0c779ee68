import { CaughtMailModel } from '../models/caught-mail.js';

export type TCaughtMailBody = { text: string | null; html: string | null };

/** Bodies of the messages the local SMTP catcher received, by Message-ID. */
export const caughtMailRepository = {
  /** Keeps one message's body; a message delivered again (an SMTP retry) replaces nothing. */
  async store({
    messageId,
    text,
    html,
    receivedAt,
  }: TCaughtMailBody & { messageId: string; receivedAt: Date }): Promise<void> {
    await CaughtMailModel.updateOne(
      { messageId },
      { $setOnInsert: { messageId, text, html, receivedAt } },
      { upsert: true },
    );
  },

  async findBody({ messageId }: { messageId: string }): Promise<TCaughtMailBody | null> {
    const doc = await CaughtMailModel.findOne({ messageId }, { text: 1, html: 1 }).lean<{
      text?: string | null;
      html?: string | null;
    }>();

    return doc ? { text: doc.text ?? null, html: doc.html ?? null } : null;
  },
};
