import { cutText, shareBudget } from './cut-text.js';
import { dropDanglingEscape, escapeMarkdown } from './escape-markdown.js';
import {
  messageTitle,
  omittedFieldsNote,
  type TMessageField,
  type TSubmissionMessage,
} from './submission-message.js';

/**
 * Discord's documented embed limits (discord.com/developers/docs/resources/message#embed-object-embed-limits):
 * title 256, description 4,096, at most 25 fields, field name 256, field value 1,024, footer 2,048,
 * and 6,000 characters across all of them.
 */
export const DISCORD_LIMITS = {
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedTotal: 6000,
  /** What field names may take of the total, so the values keep most of it. */
  namesBudget: 1500,
} as const;

type TEmbedField = { name: string; value: string; inline: false };
type TEmbed = {
  title: string;
  url: string;
  description: string;
  timestamp: string;
  color: number;
  footer: { text: string };
  fields: TEmbedField[];
};

/** An execute-webhook body; `allowed_mentions` with nothing to parse means nobody is ever pinged. */
export type TDiscordMessage = {
  username: string;
  embeds: [TEmbed];
  allowed_mentions: { parse: [] };
};

const FOOTER = 'Formwell';
/** Formwell's accent, as the decimal RGB value Discord takes. */
const COLOR = 0x4f46e5;

const escapeAndCut = (text: string, max: number) => dropDanglingEscape(cutText(escapeMarkdown(text), max));

/** The value as shown: escaped text, then the file links (link text escaped, URL ours). */
function fieldValue(field: TMessageField): string {
  const links = field.links.map((link) => `[${escapeMarkdown(link.name)}](${link.url})`);

  return [escapeMarkdown(field.value), ...links].join('\n');
}

/** Cuts a value keeping its links whole when they fit (they come last). */
function cutValue(field: TMessageField, max: number): string {
  const full = fieldValue(field);
  if (full.length <= max || field.links.length === 0) {
    return dropDanglingEscape(cutText(full, max));
  }
  const links = full.slice(escapeMarkdown(field.value).length);

  return links.length < max / 2
    ? `${escapeAndCut(field.value, max - links.length)}${links}`
    : dropDanglingEscape(cutText(full, max));
}

/** A submission as a Discord webhook message: one embed, one field per answer. */
export function buildDiscordMessage(message: TSubmissionMessage): TDiscordMessage {
  const title = escapeAndCut(messageTitle(message), DISCORD_LIMITS.title);
  // The last field slot names the fields that did not fit, when some did not.
  const overflow = message.fields.length > DISCORD_LIMITS.fields;
  const shown = message.fields.slice(0, overflow ? DISCORD_LIMITS.fields - 1 : DISCORD_LIMITS.fields);
  const note = overflow ? omittedFieldsNote(message.fields.length - shown.length) : '';
  const description = `Submitted ${message.submittedAt.toISOString()}`;
  const names = shareBudget(
    shown.map((field) => escapeMarkdown(field.label).length),
    DISCORD_LIMITS.namesBudget,
    DISCORD_LIMITS.fieldName,
  );
  const nameTexts = shown.map((field, index) => escapeAndCut(field.label, names[index] ?? 1));
  const fixed =
    title.length +
    description.length +
    FOOTER.length +
    nameTexts.reduce((sum, name) => sum + name.length, 0) +
    (overflow ? 'More'.length + note.length : 0);
  const values = shareBudget(
    shown.map((field) => fieldValue(field).length),
    DISCORD_LIMITS.embedTotal - fixed,
    DISCORD_LIMITS.fieldValue,
  );
  const fields: TEmbedField[] = shown.map((field, index) => ({
    name: nameTexts[index] ?? '—',
    value: cutValue(field, values[index] ?? 1),
    inline: false,
  }));
  if (overflow) {
    fields.push({ name: 'More', value: note, inline: false });
  }

  return {
    username: 'Formwell',
    embeds: [
      {
        title,
        url: message.submissionUrl,
        description,
        timestamp: message.submittedAt.toISOString(),
        color: COLOR,
        footer: { text: FOOTER },
        fields,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}
