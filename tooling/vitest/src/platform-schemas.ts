import { readFileSync } from 'node:fs';

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * The chat platforms' documented message shapes as JSON Schemas (each file names its source), for
 * the tests of Formwell's Slack, Discord and Teams messages and for the local receivers that stand
 * in for those platforms. Two limits are not expressible in plain JSON Schema and get a keyword:
 * `discordEmbedTotal` (characters across every embed's title, description, field names and values,
 * footer and author) and `maxJsonBytes` (the UTF-8 size of the serialised message).
 */
export type TPlatform = 'slack' | 'discord' | 'teams';

const SCHEMA_FILES: Record<TPlatform, string> = {
  slack: 'slack-block-kit-message.schema.json',
  discord: 'discord-webhook-message.schema.json',
  teams: 'teams-adaptive-card-message.schema.json',
};

type TEmbed = {
  title?: string;
  description?: string;
  fields?: { name: string; value: string }[];
  footer?: { text: string };
  author?: { name: string };
};

/** Characters as Discord counts them (code points). */
const length = (text: string | undefined) => (text === undefined ? 0 : [...text].length);

function embedCharacters(embed: TEmbed): number {
  return (
    length(embed.title) +
    length(embed.description) +
    length(embed.footer?.text) +
    length(embed.author?.name) +
    (embed.fields ?? []).reduce((sum, field) => sum + length(field.name) + length(field.value), 0)
  );
}

function buildAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  addFormats.default(ajv);
  ajv.addKeyword({
    keyword: 'discordEmbedTotal',
    type: 'object',
    schemaType: 'number',
    validate: (max: number, data: { embeds?: TEmbed[] }) =>
      (data.embeds ?? []).reduce((sum, embed) => sum + embedCharacters(embed), 0) <= max,
  });
  ajv.addKeyword({
    keyword: 'maxJsonBytes',
    schemaType: 'number',
    validate: (max: number, data: unknown) => Buffer.byteLength(JSON.stringify(data)) <= max,
  });

  return ajv;
}

let validators: Record<TPlatform, ValidateFunction> | null = null;

function validatorOf(platform: TPlatform): ValidateFunction {
  if (!validators) {
    const ajv = buildAjv();
    const compile = (file: string) =>
      ajv.compile(JSON.parse(readFileSync(new URL(`./platform-schemas/${file}`, import.meta.url), 'utf8')));
    validators = {
      slack: compile(SCHEMA_FILES.slack),
      discord: compile(SCHEMA_FILES.discord),
      teams: compile(SCHEMA_FILES.teams),
    };
  }

  return validators[platform];
}

/** The schema's complaints about a message, empty when it is valid. */
export function platformSchemaErrors(platform: TPlatform, message: unknown): ErrorObject[] {
  const validate = validatorOf(platform);

  return validate(message) ? [] : [...(validate.errors ?? [])];
}
