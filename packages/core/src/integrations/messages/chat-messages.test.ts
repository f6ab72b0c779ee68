import { platformSchemaErrors, type TPlatform } from '@formwell/vitest-config/platform-schemas';
import { describe, expect, test } from 'vitest';

import { buildChatMessage, CHAT_PLATFORMS } from './build-chat-message.js';
import { DISCORD_LIMITS, type TDiscordMessage } from './discord-message.js';
import { SLACK_LIMITS, type TSlackMessage } from './slack-message.js';
import { messageFields, submissionPageUrl, type TSubmissionMessage } from './submission-message.js';
import { TEAMS_LIMITS, type TTeamsMessage } from './teams-message.js';

const submissionUrl = submissionPageUrl({
  publicUrl: 'https://forms.example.com/',
  formId: '65a0f1c2b3d4e5f6a7b8c9d0',
  submissionId: '65a0f1c2b3d4e5f6a7b8c9d1',
});

function message(fields: TSubmissionMessage['fields'], formName = 'Contact'): TSubmissionMessage {
  return { formName, submittedAt: new Date('2026-12-06T14:00:00Z'), submissionUrl, fields, test: false };
}

const HOSTILE =
  '@everyone @here <!channel> <!here> <@U123> <@&42> <#C1> <https://evil.example|click> *bold* _it_ ~s~ `code` [x](https://evil.example) # head\n> quote <at>Boss</at>';

/** Every string a built message carries, to prove what is (not) in it. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') {
    return [value];
  }
  if (Array.isArray(value)) {
    return value.flatMap(strings);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).flatMap(strings);
  }

  return [];
}

function expectValid(platform: TPlatform, built: unknown) {
  expect(platformSchemaErrors(platform, built)).toEqual([]);
}

describe('chat messages', () => {
  test('labels, values, the submission link and file links, valid for each platform', () => {
    const fields = messageFields(
      [
        { id: 'email', name: 'email', label: 'Your email', type: 'email', required: true },
        { id: 'ok', name: 'ok', label: 'Agreed', type: 'checkbox', required: false },
      ],
      {
        email: 'jane@example.com',
        ok: true,
        upload: { fileId: 'f1', name: 'cv.pdf', size: 10, url: 'https://forms.example.com/files/f1?sig=abc' },
      },
    );
    expect(fields).toEqual([
      { label: 'Your email', value: 'jane@example.com', links: [] },
      { label: 'Agreed', value: 'Yes', links: [] },
      {
        label: 'upload',
        value: 'cv.pdf',
        links: [{ name: 'cv.pdf', url: 'https://forms.example.com/files/f1?sig=abc' }],
      },
    ]);
    for (const platform of CHAT_PLATFORMS) {
      const built = buildChatMessage(platform, message(fields));
      expectValid(platform, built);
      const all = strings(built).join('\n');
      expect(all).toContain(submissionUrl);
      expect(all).toContain('https://forms.example.com/files/f1?sig=abc');
      expect(all).toContain('Your email');
    }
  });

  test('a 100,000-character value is cut with an ellipsis within every limit', () => {
    const long = 'x'.repeat(100_000);
    for (const platform of CHAT_PLATFORMS) {
      const built = buildChatMessage(platform, message([{ label: 'Message', value: long, links: [] }]));
      expectValid(platform, built);
      const cut = strings(built).find((text) => text.startsWith('xxx'));
      expect(cut?.endsWith('…')).toBe(true);
    }
    const slack = buildChatMessage(
      'slack',
      message([{ label: 'M', value: long, links: [] }]),
    ) as TSlackMessage;
    expect(JSON.stringify(slack).length).toBeLessThan(SLACK_LIMITS.textBudget + 2000);
  });

  test('300 fields: capped per platform, the rest named, every message valid', () => {
    const fields = Array.from({ length: 300 }, (_, index) => ({
      label: `Question number ${index} with a rather long label ${'l'.repeat(180)}`,
      value: `answer ${index} ${'v'.repeat(500)}`,
      links: [],
    }));
    for (const platform of CHAT_PLATFORMS) {
      const built = buildChatMessage(platform, message(fields));
      expectValid(platform, built);
      expect(strings(built).join('\n')).toMatch(/more fields not shown/);
    }
    const discord = buildChatMessage('discord', message(fields)) as TDiscordMessage;
    expect(discord.embeds[0].fields).toHaveLength(DISCORD_LIMITS.fields);
    const teams = buildChatMessage('teams', message(fields)) as TTeamsMessage;
    expect(Buffer.byteLength(JSON.stringify(teams))).toBeLessThanOrEqual(TEAMS_LIMITS.maxBytes);
  });

  test('multi-byte text is cut by characters, never splitting a surrogate pair, and fits Teams in bytes', () => {
    const emoji = '😀'.repeat(30_000);
    for (const platform of CHAT_PLATFORMS) {
      const built = buildChatMessage(platform, message([{ label: '🙂 label', value: emoji, links: [] }]));
      expectValid(platform, built);
      for (const text of strings(built)) {
        expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
      }
    }
  });

  test('Slack: submitted text only in plain_text objects, the fallback text escaped', () => {
    const built = buildChatMessage(
      'slack',
      message([{ label: HOSTILE, value: HOSTILE, links: [] }], '<!channel> & Co'),
    ) as TSlackMessage;
    expectValid('slack', built);
    expect(built.text).toBe('New submission: &lt;!channel&gt; &amp; Co');
    const texts = built.blocks.flatMap((block) =>
      'fields' in block
        ? block.fields
        : 'elements' in block
          ? block.elements.map((e) => ('text' in e && typeof e.text === 'object' ? e.text : e))
          : [block.text],
    );
    expect(texts.every((text) => (text as { type: string }).type === 'plain_text')).toBe(true);
    expect(JSON.stringify(built)).not.toContain('"mrkdwn"');
  });

  test('Discord: no mention is ever parsed, Markdown and mentions in values are inert', () => {
    const built = buildChatMessage(
      'discord',
      message([{ label: HOSTILE, value: HOSTILE, links: [] }]),
    ) as TDiscordMessage;
    expectValid('discord', built);
    expect(built.allowed_mentions).toEqual({ parse: [] });
    const field = built.embeds[0].fields[0] ?? { name: '', value: '' };
    for (const text of [field.name, field.value]) {
      expect(text).not.toMatch(/@(everyone|here)/);
      expect(text).toContain('@\u200beveryone');
      // Every formatting character comes escaped: no unescaped *, _, ~, `, <, [ remains.
      expect(text.replace(/\\./g, '')).not.toMatch(/[*_~`<[\]]/);
    }
  });

  test('Teams: Markdown and <at> mentions in values are escaped', () => {
    const built = buildChatMessage(
      'teams',
      message([{ label: 'Note', value: HOSTILE, links: [] }]),
    ) as TTeamsMessage;
    expectValid('teams', built);
    const facts = built.attachments[0].content.body.find((element) => element.type === 'FactSet');
    const value = facts && 'facts' in facts ? (facts.facts[0]?.value ?? '') : '';
    expect(value.replace(/\\./g, '')).not.toMatch(/[*_~`<[\]]/);
    expect(value).toContain('\\<at\\>Boss\\</at\\>');
  });

  test('Discord and Teams show labels and values as typed where nothing would format', () => {
    const plainText = {
      label: 'E-mail address',
      value: 'jane.doe@example.com (3.5 stars!) 10:30',
      links: [],
    };
    const lineStarts = {
      label: 'Notes',
      value: '# not a heading\n- not a list\n1. not numbered\nsee https://evil.example',
      links: [],
    };
    const discord = buildChatMessage('discord', message([plainText, lineStarts])) as TDiscordMessage;
    const teams = buildChatMessage('teams', message([plainText, lineStarts])) as TTeamsMessage;
    const facts = teams.attachments[0].content.body.find((element) => element.type === 'FactSet');
    const shown = [
      discord.embeds[0].fields.map((field) => [field.name, field.value]),
      facts && 'facts' in facts ? facts.facts.map((fact) => [fact.title, fact.value]) : [],
    ];
    const expected = [
      ['E-mail address', 'jane.doe@example.com (3.5 stars!) 10:30'],
      ['Notes', '\\# not a heading\n\\- not a list\n1\\. not numbered\nsee https\\://evil.example'],
    ];
    expect(shown).toEqual([expected, expected]);
  });

  test('a cut never leaves a backslash escaping the ellipsis', () => {
    const value = '*'.repeat(5000);
    const built = buildChatMessage(
      'discord',
      message([{ label: 'Stars', value, links: [] }]),
    ) as TDiscordMessage;
    const cut = built.embeds[0].fields[0]?.value ?? '';
    expect(cut.endsWith('…')).toBe(true);
    expect(/(\\+)…$/.exec(cut)?.[1]?.length ?? 0).toBe(0);
  });
});
