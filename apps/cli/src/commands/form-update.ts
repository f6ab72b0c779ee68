import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

import { findFormOwner, updateForm, type TCaptchaProvider, type TUpdateFormInput } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { readPasswordFromStdin } from '../read-password-stdin.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

function onOff(values: Record<string, unknown>, option: string): boolean | undefined {
  const value = values[option];
  if (value === undefined) {
    return undefined;
  }
  if (value !== 'on' && value !== 'off') {
    throw new CliError(`--${option} must be on or off`);
  }

  return value === 'on';
}

/** A text setting that `''` clears (stored as null: the default applies again). */
function textOrNull(value: string | undefined): string | null | undefined {
  return value === undefined ? undefined : value.trim() === '' ? null : value;
}

/**
 * A template's parts from `--<kind>-subject S` and `--<kind>-body-file F` (Markdown read from the
 * file); `''` for either puts back the built-in part. Absent options leave the stored template alone.
 */
async function templateOptions(values: Record<string, unknown>, kind: 'notification' | 'confirmation') {
  const subject = values[`${kind}-subject`] as string | undefined;
  const file = values[`${kind}-body-file`] as string | undefined;
  const body =
    file === undefined
      ? undefined
      : file === ''
        ? null
        : await readFile(file, 'utf8').catch(() => {
            throw new CliError(`--${kind}-body-file: cannot read ${file}`);
          });

  return definedOnly({ subject: textOrNull(subject), body });
}

/** `--retention-days N` keeps submissions N days; `off` keeps them forever. */
function retentionDays(value: string | undefined): number | null | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (value === 'off') {
    return null;
  }
  if (!/^[0-9]+$/.test(value)) {
    throw new CliError('--retention-days must be a number of days or off');
  }

  return Number(value);
}

/** Only the settings given: an absent option leaves the stored one alone. */
function definedOnly<T extends Record<string, unknown>>(object: T): Partial<T> | undefined {
  const entries = Object.entries(object).filter(([, value]) => value !== undefined);

  return entries.length === 0 ? undefined : (Object.fromEntries(entries) as Partial<T>);
}

/**
 * `form update --form ID [--name N] [--description D] [--public-submissions on|off]
 * [--allowed-origins a,b] [--captcha-provider P --captcha-secret-stdin | --no-captcha]
 * [--confirmation on|off] [--email-subject S] [--reply-to E] [--notification on|off]
 * [--developer-email E] [--retention-days N|off] [--notification-subject S]
 * [--notification-body-file F] [--confirmation-subject S] [--confirmation-body-file F]` → the form as the dashboard sees it
 * (CAPTCHA provider shown, secret never). The secret is read from standard input only, so it stays
 * out of the process list and the shell history. `--allowed-origins ''` lets any page post again.
 */
export async function formUpdate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      form: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      'public-submissions': { type: 'string' },
      confirmation: { type: 'string' },
      'email-subject': { type: 'string' },
      'reply-to': { type: 'string' },
      notification: { type: 'string' },
      'developer-email': { type: 'string' },
      'notification-subject': { type: 'string' },
      'notification-body-file': { type: 'string' },
      'confirmation-subject': { type: 'string' },
      'confirmation-body-file': { type: 'string' },
      'retention-days': { type: 'string' },
      'allowed-origins': { type: 'string' },
      'captcha-provider': { type: 'string' },
      'captcha-secret-stdin': { type: 'boolean', default: false },
      'no-captcha': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const formId = requiredOption(values, 'form');
  const provider = values['captcha-provider'];
  if (values['no-captcha'] && (provider !== undefined || values['captcha-secret-stdin'])) {
    throw new CliError('give either --no-captcha or --captcha-provider with --captcha-secret-stdin');
  }
  if ((provider === undefined) !== !values['captcha-secret-stdin']) {
    throw new CliError('--captcha-provider and --captcha-secret-stdin go together');
  }
  const origins = values['allowed-origins'];
  const captcha =
    provider !== undefined
      ? {
          provider: provider.toLowerCase() as TCaptchaProvider,
          secret: await readPasswordFromStdin(process.stdin, {
            option: '--captcha-secret-stdin',
            what: 'secret',
          }),
        }
      : values['no-captcha']
        ? null
        : undefined;
  const publicSubmissions = {
    enabled: onOff(values, 'public-submissions'),
    allowedOrigins:
      origins === undefined
        ? undefined
        : origins
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
    captcha,
  };
  // The plan rules (confirmation emails from STANDARD, developer notifications on PRO) are the
  // dashboard's, applied by updateForm.
  const emailSettings = definedOnly({
    enabled: onOff(values, 'confirmation'),
    subject: textOrNull(values['email-subject']),
    replyTo: textOrNull(values['reply-to']),
    developerNotificationsEnabled: onOff(values, 'notification'),
    developerEmail: textOrNull(values['developer-email']),
    notificationTemplate: await templateOptions(values, 'notification'),
    confirmationTemplate: await templateOptions(values, 'confirmation'),
  });
  const data: TUpdateFormInput = {
    name: values.name,
    description: values.description,
    emailSettings,
    retentionDays: retentionDays(values['retention-days']),
    publicSubmissions: definedOnly(publicSubmissions),
  };

  // The operator names a form, not its owner: act as the owner, through the dashboard's rules.
  return updateForm({ config, userId: await findFormOwner({ formId }), formId, data });
}
