import { buildDiscordMessage } from './discord-message.js';
import { buildSlackMessage } from './slack-message.js';
import type { TSubmissionMessage } from './submission-message.js';
import { buildTeamsMessage } from './teams-message.js';

/** The chat platforms a form can post its submissions to. */
export const CHAT_PLATFORMS = ['slack', 'discord', 'teams'] as const;

export type TChatPlatform = (typeof CHAT_PLATFORMS)[number];

/** The JSON body a platform's incoming webhook takes for one submission. */
export function buildChatMessage(platform: TChatPlatform, message: TSubmissionMessage): unknown {
  switch (platform) {
    case 'slack':
      return buildSlackMessage(message);
    case 'discord':
      return buildDiscordMessage(message);
    case 'teams':
      return buildTeamsMessage(message);
  }
}
