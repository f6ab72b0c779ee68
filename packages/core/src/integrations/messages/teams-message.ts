import { cutText, shareBudget } from './cut-text.js';
import { dropDanglingEscape, escapeMarkdown } from './escape-markdown.js';
import {
  messageTitle,
  omittedFieldsNote,
  type TMessageField,
  type TSubmissionMessage,
} from './submission-message.js';

/**
 * Teams refuses a message over about 28 KB ("message size limit", learn.microsoft.com: incoming
 * webhooks and the Workflows connector); the card is built to stay under `maxBytes` of JSON, with
 * room for the envelope's own fields. Teams renders Adaptive Cards up to version 1.5; 1.4 is what
 * the Workflows "post card" action documents.
 */
export const TEAMS_LIMITS = {
  maxBytes: 26_000,
  cardVersion: '1.4',
  /** Facts shown at most; a submission has at most 100 keys, a form may declare more fields. */
  maxFacts: 100,
  factTitle: 200,
  /** A fact title never gets fewer characters than this when the card must shrink. */
  minFactTitle: 20,
  factValue: 4000,
} as const;

type TTextBlock = {
  type: 'TextBlock';
  text: string;
  wrap: true;
  size?: 'large';
  weight?: 'bolder';
  isSubtle?: true;
};
type TFactSet = { type: 'FactSet'; facts: { title: string; value: string }[] };

/** The Workflows / incoming-webhook envelope around one Adaptive Card. */
export type TTeamsMessage = {
  type: 'message';
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive';
      contentUrl: null;
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
        type: 'AdaptiveCard';
        version: typeof TEAMS_LIMITS.cardVersion;
        body: (TTextBlock | TFactSet)[];
        actions: { type: 'Action.OpenUrl'; title: string; url: string }[];
        msteams: { width: 'Full' };
      };
    },
  ];
};

function linksText(field: TMessageField): string {
  return field.links.map((link) => `[${escapeMarkdown(link.name)}](${link.url})`).join(', ');
}

function factValue(field: TMessageField, max: number): string {
  const links = linksText(field);
  const text = dropDanglingEscape(cutText(escapeMarkdown(field.value), Math.max(1, max - links.length)));

  return links === '' ? text : `${text}\n\n${links}`;
}

function build(message: TSubmissionMessage, valuesBudget: number): TTeamsMessage {
  const shown = message.fields.slice(0, TEAMS_LIMITS.maxFacts);
  const omitted = message.fields.length - shown.length;
  const shares = shareBudget(
    shown.map((field) => escapeMarkdown(field.value).length + linksText(field).length),
    valuesBudget,
    TEAMS_LIMITS.factValue,
  );
  // Titles shrink with the values: a form may label a hundred fields with long sentences.
  const titleMax = Math.max(
    TEAMS_LIMITS.minFactTitle,
    Math.min(TEAMS_LIMITS.factTitle, Math.floor(valuesBudget / (4 * Math.max(shown.length, 1)))),
  );
  const body: (TTextBlock | TFactSet)[] = [
    {
      type: 'TextBlock',
      text: escapeMarkdown(messageTitle(message)),
      wrap: true,
      size: 'large',
      weight: 'bolder',
    },
    { type: 'TextBlock', text: `Submitted ${message.submittedAt.toISOString()}`, wrap: true, isSubtle: true },
  ];
  if (shown.length > 0) {
    body.push({
      type: 'FactSet',
      facts: shown.map((field, index) => ({
        title: dropDanglingEscape(cutText(escapeMarkdown(field.label), titleMax)),
        value: factValue(field, shares[index] ?? 1),
      })),
    });
  }
  if (omitted > 0) {
    body.push({ type: 'TextBlock', text: omittedFieldsNote(omitted), wrap: true, isSubtle: true });
  }

  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: TEAMS_LIMITS.cardVersion,
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'View submission', url: message.submissionUrl }],
          msteams: { width: 'Full' },
        },
      },
    ],
  };
}

/**
 * A submission as a Teams message with one Adaptive Card: the answers as a FactSet. Values share a
 * budget of characters; when the JSON (escapes, multi-byte characters) still comes out too large,
 * the budget shrinks until it fits.
 */
export function buildTeamsMessage(message: TSubmissionMessage): TTeamsMessage {
  let budget = 20_000;
  let card = build(message, budget);
  while (Buffer.byteLength(JSON.stringify(card)) > TEAMS_LIMITS.maxBytes && budget > 100) {
    budget = Math.floor(budget * 0.7);
    card = build(message, budget);
  }

  return card;
}
