import { parseArgs } from 'node:util';

import { findFormOwner, updateForm, type TCaptchaProvider, type TUpdateFormInput } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { readPasswordFromStdin } from '../read-password-stdin.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

function onOff(value: string | undefined): boolean | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (value !== 'on' && value !== 'off') {
    throw new CliError('--public-submissions must be on or off');
  }

  return value === 'on';
}

/**
 * `form update --form ID [--name N] [--public-submissions on|off] [--allowed-origins a,b]
 * [--captcha-provider P --captcha-secret-stdin | --no-captcha]` → the form as the dashboard sees it
 * (CAPTCHA provider shown, secret never). The secret is read from standard input only, so it stays
 * out of the process list and the shell history. `--allowed-origins ''` lets any page post again.
 */
export async function formUpdate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      form: { type: 'string' },
      name: { type: 'string' },
      'public-submissions': { type: 'string' },
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
    enabled: onOff(values['public-submissions']),
    allowedOrigins:
      origins === undefined
        ? undefined
        : origins
            .split(',')
            .map((origin) => origin.trim())
            .filter(Boolean),
    captcha,
  };
  const data: TUpdateFormInput = {
    name: values.name,
    publicSubmissions: Object.values(publicSubmissions).some((value) => value !== undefined)
      ? publicSubmissions
      : undefined,
  };

  // The operator names a form, not its owner: act as the owner, through the dashboard's rules.
  return updateForm({ config, userId: await findFormOwner({ formId }), formId, data });
}
