import { CaughtMailModel } from '../models/caught-mail.js';

export type TCaughtMailBody = { text: string | null; html: string | null };

/** One header of a caught message: its name in lower case, its value unfolded. */
export type TCaughtMailHeader = { name: string; value: string };

/** Bodies of the messages the local SMTP catcher received, by Message-ID. */
export const caughtMailRepository = {
  /** Keeps one message's body; a message delivered again (an SMTP retry) replaces nothing. */
  async store({
    messageId,
    text,
    html,
    receivedAt,
    headers = [],
  }: TCaughtMailBody & {
    messageId: string;
    receivedAt: Date;
    headers?: TCaughtMailHeader[];
  }): Promise<void> {
    await CaughtMailModel.updateOne(
      { messageId },
      { $setOnInsert: { messageId, text, html, headers, receivedAt } },
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

  /** The values of one header of a caught message (several when it was repeated), by name. */
  async findHeader({ messageId, name }: { messageId: string; name: string }): Promise<string[]> {
    const doc = await CaughtMailModel.findOne({ messageId }, { headers: 1 }).lean<{
      headers?: TCaughtMailHeader[];
    }>();

    return (doc?.headers ?? [])
      .filter((header) => header.name === name.toLowerCase())
      .map((header) => header.value);
  },
};
