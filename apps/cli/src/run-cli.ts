import type { TCoreConfig } from '@formwell/core';
import { ensureIndexes } from '@formwell/db';

import { CliError } from './cli-error.js';
import type { TCommandOptions } from './command-options.js';
import { accountDelete } from './commands/account-delete.js';
import { accountExport } from './commands/account-export.js';
import { analyticsRebuild } from './commands/analytics-rebuild.js';
import { backup } from './commands/backup.js';
import { billingReplay } from './commands/billing-replay.js';
import { dbMigrate } from './commands/db-migrate.js';
import { demoSeed } from './commands/demo-seed.js';
import { formCreate } from './commands/form-create.js';
import { formList } from './commands/form-list.js';
import { formNotify } from './commands/form-notify.js';
import { formUpdate } from './commands/form-update.js';
import { keyCreate } from './commands/key-create.js';
import { keyList } from './commands/key-list.js';
import { keyRevoke } from './commands/key-revoke.js';
import { mailList } from './commands/mail-list.js';
import { mailShow } from './commands/mail-show.js';
import { memberAdd, memberRemove } from './commands/member.js';
import { receiverShow } from './commands/receiver-show.js';
import { restore } from './commands/restore.js';
import { submitterErase, submitterFind } from './commands/submitter.js';
import { userCreate } from './commands/user-create.js';
import { userList } from './commands/user-list.js';
import { userSetPlan } from './commands/user-set-plan.js';
import { webhookCreate } from './commands/webhook-create.js';
import { webhookList } from './commands/webhook-list.js';
import { workspaceCreate, workspaceDelete, workspaceList } from './commands/workspace.js';

type TCommand = (options: TCommandOptions) => Promise<unknown>;

const COMMANDS: Record<string, TCommand> = {
  'user create': userCreate,
  'user set-plan': userSetPlan,
  'user list': userList,
  'key create': keyCreate,
  'key revoke': keyRevoke,
  'key list': keyList,
  'form create': formCreate,
  'form list': formList,
  'form update': formUpdate,
  'form notify': formNotify,
  'webhook create': webhookCreate,
  'webhook list': webhookList,
  'receiver show': receiverShow,
  'workspace list': workspaceList,
  'workspace create': workspaceCreate,
  'workspace delete': workspaceDelete,
  'member add': memberAdd,
  'member remove': memberRemove,
  'demo seed': demoSeed,
  'analytics rebuild': analyticsRebuild,
  'mail list': mailList,
  'mail show': mailShow,
  'billing replay': billingReplay,
  'db migrate': dbMigrate,
  'account export': accountExport,
  'account delete': accountDelete,
  'submitter find': submitterFind,
  'submitter erase': submitterErase,
};

/** Commands of one word: everything after the word is their options. */
const SINGLE_COMMANDS: Record<string, TCommand> = { backup, restore };

export const USAGE = `usage: formwell <command> [options]
  user create --email E [--password P | --password-stdin] [--plan FREE|STANDARD|PRO] [--role OWNER|ADMIN]
  user set-plan --user ID | --workspace W --plan P   (--user: that user's personal workspace only)
  user list [--limit N] [--cursor C]
  key create --workspace W | --user ID --name N [--scopes a,b] [--forms ID,…] [--origins https://site.example,…]
  key revoke --key-id ID
  key list --workspace W | --user ID [--limit N] [--cursor C]
  form create --workspace W | --user ID --name N --type T [--description D] [--fields JSON] [--users-joined] [--unique-email]
  form update --form ID [--name N] [--description D] [--public-submissions on|off] [--allowed-origins a,b]
              [--captcha-provider turnstile|hcaptcha|recaptcha --captcha-secret-stdin | --no-captcha]
              [--confirmation on|off] [--email-subject S] [--reply-to E]
              [--notification on|off] [--developer-email E] [--retention-days N|off]
              [--notification-subject S] [--notification-body-file F.md]
              [--confirmation-subject S] [--confirmation-body-file F.md]
  form notify --form ID [--user ID --mode instant|hourly|daily|off]
  form list --workspace W | --user ID [--limit N] [--cursor C]
  webhook create --form ID --url U [--description D] [--header 'Name: value']…
  webhook list --form ID [--limit N] [--cursor C]
  receiver show --user ID [--rotate]   (the owner's own custom receiver: {url, receiverId, secret})
  workspace list [--user ID]
  workspace create --user ID --name N
  workspace delete --workspace W --confirm NAME
  member add --workspace W --email E --role admin|member|viewer
  member remove --workspace W --user ID
  demo seed
  analytics rebuild [--form ID]
  mail list [--limit N] [--cursor C]
  mail show ID   (or --id ID)
  billing replay --event ID
  db migrate
  backup --out FILE
  restore --in FILE [--force]
  account export --user ID --out FILE
  account delete --user ID --confirm EMAIL
  submitter find --user ID --email E
  submitter erase --user ID --email E

  List commands print one page, newest first, with nextCursor (null on the last page): pass it as
  --cursor for the next. They never show a key, a secret or a webhook URL unmasked.
  --password-stdin reads the password from standard input (e.g. a pipe or a here-string), so it
  stays out of the process list and the shell history; --captcha-secret-stdin likewise.
  mail list (newest first) and mail show read the email log. Under \`npm start\` without SMTP_URL the
  worker sends to a local SMTP catcher, which keeps each body for mail show; a worker run with no
  SMTP_URL at all keeps each message whole in the log (status "captured"); with a real SMTP_URL the
  log records what was sent, without the body.
  With MONGODB_URI unset the CLI uses the embedded engine of \`npm start\`, found from the same
  FORMWELL_DATA_DIR and EMBEDDED_MONGO_PORT.
  key revoke, user set-plan, account delete, workspace delete, billing replay and demo seed also
  tell the servers through REDIS_URL, so their cached authentication of the user (or workspace) is
  dropped at once. REDIS_URL may
  be left unset only with the embedded engine (it is then the Redis of \`npm start\`); with any
  other MONGODB_URI the CLI refuses to run without it (exit 2). When Redis cannot be reached the
  change is still stored, and the command exits 1 saying so: run it again once Redis is back.
  user set-plan --user takes a user's id and sets the plan of that user's personal workspace; the id
  of a team workspace is refused there (exit 2): a team's plan is set with --workspace W.
  billing replay applies a stored payment event again (by its provider id, evt_…); what it already
  did is not repeated, and the emails it owes are sent by the worker's next outbox sweep.
  analytics rebuild recomputes, from each form's own stored submissions, its analytics counters and
  its submissionCount and spamFolderCount (what get form shows), which a crash between a write and
  its count can leave off: {rebuilt: [{formId, submissions, submissionCount, spamFolderCount}]}.
  Safe while submissions arrive, and to run again.
  db migrate builds the indexes and applies pending data migrations (once, under a lock); run it
  after every upgrade, before starting the new servers.
  backup writes every collection (documents as Extended JSON, indexes) to one gzip'd file; it never
  overwrites a file. restore loads such a file into a database without documents, after checking the
  whole file; --force instead drops and replaces each collection the file holds.
  account export writes everything of an account (no secrets) as one gzip'd JSON file; account
  delete removes the account and all its data, --confirm repeating its email. submitter find / erase
  find or delete a submitter's submissions (by email) across the owner's forms, counters following.
  Forms, keys and webhooks belong to a workspace. --user ID names that user's personal workspace
  (its id is the user's id); --workspace W any workspace. member remove also tells the servers, so
  the member's next request is refused; keys the member created belong to the workspace and stay.
  workspace delete removes a team workspace with all its data, members and invitations, --confirm
  repeating its name (a personal workspace goes only with its account). Neither it nor account
  delete cancels a paid subscription at the payment provider: cancel it there first.`;

/** Own keys only: `toString` and friends are not commands. */
function singleCommand(word: string): TCommand | undefined {
  return Object.hasOwn(SINGLE_COMMANDS, word) ? SINGLE_COMMANDS[word] : undefined;
}

/**
 * Whether the models may build their indexes when the CLI connects: not for backup and restore,
 * which work below the models (see `runCli`).
 */
export function buildsIndexesAtConnect(argv: string[]): boolean {
  return singleCommand(argv[0] ?? '') === undefined;
}

/** Runs one command against an already connected database and returns its JSON result. */
export async function runCli({ argv, config }: { argv: string[]; config: TCoreConfig }): Promise<unknown> {
  const [group = '', action = '', ...rest] = argv;
  const single = singleCommand(group);
  const name = `${group} ${action}`;
  const command = single ?? (Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined);
  const args = single ? argv.slice(1) : rest;
  if (!command) {
    throw new CliError(
      group === '' ? 'no command given' : `unknown command "${`${group} ${action}`.trim()}"`,
    );
  }
  // db migrate checks the schema version before it builds any index of this release; backup and
  // restore work below the models: a dump must not change the database it reads, and a restore
  // recreates the dump's own indexes (the next server start adds any newer ones).
  if (command !== dbMigrate && !single) {
    await ensureIndexes();
  }

  return command({ args, config });
}
