import { cutText, shareBudget } from './cut-text.js';
import {
  messageTitle,
  omittedFieldsNote,
  type TMessageField,
  type TSubmissionMessage,
} from './submission-message.js';

/**
 * Slack's documented Block Kit limits (api.slack.com/reference/block-kit/blocks): a message holds
 * at most 50 blocks; a header's text at most 150 characters; a section at most 10 fields of at most
 * 2,000 characters (its text at most 3,000); an actions block at most 25 buttons, whose text is at
 * most 75 characters and URL at most 3,000. `TEXT_BUDGET` keeps the whole message well under the
 * size Slack refuses as `msg_blocks_too_long`, which is not documented and lower than the sum of the
 * per-block limits.
 */
export const SLACK_LIMITS = {
  maxBlocks: 50,
  headerText: 150,
  sectionFields: 10,
  fieldText: 2000,
  actionElements: 25,
  buttonText: 75,
  url: 3000,
  textBudget: 12_000,
  /** Fields shown at most: label and value take one section field each, 5 pairs per section. */
  maxFields: 50,
} as const;

type TPlainText = { type: 'plain_text'; text: string; emoji: false };
type TButton = { type: 'button'; text: TPlainText; url: string; action_id: string };
type TSlackBlock =
  | { type: 'header'; text: TPlainText }
  | { type: 'section'; fields: TPlainText[] }
  | { type: 'context'; elements: TPlainText[] }
  | { type: 'actions'; elements: TButton[] };

export type TSlackMessage = { text: string; blocks: TSlackBlock[]; unfurl_links: false; unfurl_media: false };

/**
 * Submitted text only ever goes into `plain_text` objects, which Slack shows as written: no mrkdwn,
 * no `<!channel>` or `<@U…>` mentions, no `<url|label>` links. The one `mrkdwn`-like string, the
 * notification fallback `text`, gets Slack's documented escaping of `&`, `<` and `>`.
 */
const plain = (text: string): TPlainText => ({ type: 'plain_text', text, emoji: false });

function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function fieldSections(fields: TMessageField[]): TSlackBlock[] {
  const labels = shareBudget(
    fields.map((field) => field.label.length),
    SLACK_LIMITS.textBudget / 4,
    SLACK_LIMITS.fieldText,
  );
  const values = shareBudget(
    fields.map((field) => field.value.length),
    SLACK_LIMITS.textBudget - labels.reduce((sum, share) => sum + share, 0),
    SLACK_LIMITS.fieldText,
  );
  const texts = fields.flatMap((field, index) => [
    plain(cutText(field.label, labels[index] ?? 1)),
    plain(cutText(field.value, values[index] ?? 1)),
  ]);
  const sections: TSlackBlock[] = [];
  for (let start = 0; start < texts.length; start += SLACK_LIMITS.sectionFields) {
    sections.push({ type: 'section', fields: texts.slice(start, start + SLACK_LIMITS.sectionFields) });
  }

  return sections;
}

function buttons(message: TSubmissionMessage, shown: TMessageField[]): TButton[] {
  const files = shown
    .flatMap((field) => field.links)
    .filter((link) => link.url.length <= SLACK_LIMITS.url)
    .slice(0, SLACK_LIMITS.actionElements - 1)
    .map((link, index) => ({
      type: 'button' as const,
      text: plain(cutText(`Download ${link.name}`, SLACK_LIMITS.buttonText)),
      url: link.url,
      action_id: `file_${index}`,
    }));

  return [
    {
      type: 'button',
      text: plain('View submission'),
      url: message.submissionUrl,
      action_id: 'view_submission',
    },
    ...files,
  ];
}

/** A submission as a Slack incoming-webhook message (Block Kit). */
export function buildSlackMessage(message: TSubmissionMessage): TSlackMessage {
  const title = messageTitle(message);
  const shown = message.fields.slice(0, SLACK_LIMITS.maxFields);
  const omitted = message.fields.length - shown.length;
  const blocks: TSlackBlock[] = [
    { type: 'header', text: plain(cutText(title, SLACK_LIMITS.headerText)) },
    { type: 'context', elements: [plain(`Submitted ${message.submittedAt.toISOString()}`)] },
    ...fieldSections(shown),
    ...(omitted > 0 ? [{ type: 'context' as const, elements: [plain(omittedFieldsNote(omitted))] }] : []),
    { type: 'actions', elements: buttons(message, shown) },
  ];

  return {
    text: escapeSlackText(cutText(title, SLACK_LIMITS.fieldText)),
    blocks,
    unfurl_links: false,
    unfurl_media: false,
  };
}
