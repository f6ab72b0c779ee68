import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  authenticateApiKey,
  authEpochKey,
  AppError,
  createApiKey,
  getFormAnalytics,
  loadConfig,
  MAX_ACTIVE_API_KEYS,
  logIn,
  processPaymentEvent,
} from '@formwell/core';
import {
  BillingEmailModel,
  WorkspaceModel,
  caughtMailRepository,
  connectDatabase,
  SubmissionModel,
  disconnectDatabase,
  emailLogRepository,
  formRepository,
  type TCreateEmailLogRecord,
} from '@formwell/db';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { runFormwell, runFormwellWith, runFormwellWithStdin, type TRun } from './test/run-formwell.js';

let uri = '';

beforeAll(async () => {
  uri = testMongoUri('cli');
  // The test process also connects, to check what the CLI wrote through core itself.
  await connectDatabase({ uri });
});

afterAll(async () => {
  await disconnectDatabase();
});

/** Runs `formwell …` as a child process against the test database. */
function formwell(...args: string[]): Promise<TRun> {
  return runFormwell(uri, ...args);
}

/** Runs `formwell …` with its standard input and extra environment (e.g. another REDIS_URL). */
function formwellWith(
  options: { stdin?: string; env?: Record<string, string> },
  ...args: string[]
): Promise<TRun> {
  return runFormwellWith({ uri, ...options }, ...args);
}

/** Runs `formwell …` with `stdin` piped to it, as in `printf %s "$PASSWORD" | formwell …`. */
function formwellWithStdin(stdin: string, ...args: string[]): Promise<TRun> {
  return runFormwellWithStdin(uri, stdin, ...args);
}

/** Logs one email as the worker does (one entry per outbox entry); only the log's own ids. */
async function logEmail(fields: Partial<TCreateEmailLogRecord> & Pick<TCreateEmailLogRecord, 'createdAt'>) {
  const id = () => randomBytes(12).toString('hex');
  await emailLogRepository.create({
    userId: id(),
    formId: id(),
    submissionId: id(),
    entryId: id(),
    kind: 'email.confirmation',
    to: 'ada@example.com',
    from: 'Formwell <no-reply@formwell.local>',
    subject: 'Thanks',
    replyTo: null,
    status: 'captured',
    error: null,
    messageId: null,
    text: null,
    html: null,
    ...fields,
  });
}

async function json<T = Record<string, unknown>>(...args: string[]): Promise<T> {
  const result = await formwell(...args);
  if (result.code !== 0) {
    throw new Error(`formwell ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  }

  return JSON.parse(result.stdout) as T;
}

// Every test starts real CLI processes (a Node start-up each), which is slow when the machine is
// busy: the integration config's generous per-test bound keeps the outcome independent of its speed.
describe('formwell CLI', () => {
  test('user create / set-plan, key create / revoke against a real database', async () => {
    const user = await json(
      'user',
      'create',
      '--email',
      'Ops@Example.com',
      '--password',
      'secret-pass',
      '--plan',
      'STANDARD',
    );
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      email: 'ops@example.com',
      plan: 'STANDARD',
    });
    const userId = String(user.id);

    expect(await json('user', 'set-plan', '--user', userId, '--plan', 'PRO')).toEqual({
      id: userId,
      plan: 'PRO',
      quotaLimit: 10000,
    });

    const key = await json<{ id: string; key: string; prefix: string; scopes: string[] }>(
      'key',
      'create',
      '--user',
      userId,
      '--name',
      'ci',
      '--scopes',
      'forms:read,submissions:write',
    );
    expect(key.key).toMatch(/^mk_live_[0-9A-Za-z]{32}$/);
    expect(key.prefix).toBe(key.key.slice(0, 12));
    expect(key.scopes).toEqual(['forms:read', 'submissions:write']);
    expect((await authenticateApiKey({ key: key.key })).user.id).toBe(userId);

    expect(await json('key', 'revoke', '--key-id', key.id)).toEqual({ id: key.id, isActive: false });
    await expect(authenticateApiKey({ key: key.key })).rejects.toBeInstanceOf(AppError);
  });

  test("key revoke, set-plan and account delete retire the servers' cached authentication in Redis", async () => {
    const email = `epoch-${randomBytes(4).toString('hex')}@example.com`;
    const userId = String((await json('user', 'create', '--email', email, '--password', 'secret-pass')).id);
    const key = await json<{ id: string }>('key', 'create', '--user', userId, '--name', 'ci');
    const redis = new Redis(testRedisUrl());
    try {
      const epochs = [await redis.get(authEpochKey(userId))];
      await json('key', 'revoke', '--key-id', key.id);
      epochs.push(await redis.get(authEpochKey(userId)));
      await json('user', 'set-plan', '--user', userId, '--plan', 'PRO');
      epochs.push(await redis.get(authEpochKey(userId)));
      await json('account', 'delete', '--user', userId, '--confirm', email);
      epochs.push(await redis.get(authEpochKey(userId)));

      // Each command wrote a fresh epoch: every one differs from the one before it.
      expect(epochs.slice(1).every((epoch) => typeof epoch === 'string')).toBe(true);
      expect(new Set(epochs).size).toBe(4);
    } finally {
      redis.disconnect();
    }
  });

  test('with Redis unreachable, key revoke still revokes, then exits 1 saying the servers were not told', async () => {
    const userId = String(
      (await json('user', 'create', '--email', `down-${randomBytes(4).toString('hex')}@example.com`)).id,
    );
    const key = await json<{ id: string; key: string }>('key', 'create', '--user', userId, '--name', 'ci');

    const result = await formwellWith(
      { env: { REDIS_URL: 'redis://127.0.0.1:1' } },
      'key',
      'revoke',
      '--key-id',
      key.id,
    );

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the change for user ${userId} is stored, but Redis could not be told`);
    await expect(authenticateApiKey({ key: key.key })).rejects.toBeInstanceOf(AppError);
  });

  test('with no npm start on its data folder, the CLI says so at once, naming the folder and FORMWELL_DATA_DIR (exit 1)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'formwell-cli-no-start-'));
    try {
      const embeddedOf = {
        MONGODB_URI: '',
        REDIS_URL: '',
        EMBEDDED_MONGO_PORT: '',
        FORMWELL_DATA_DIR: dataDir,
      };
      const result = await formwellWith({ env: embeddedOf }, 'user', 'list');

      expect([result.code, result.stdout]).toEqual([1, '']);
      expect(result.stderr).toBe(
        `formwell: no \`npm start\` runs on the data folder ${dataDir} (no ${join(dataDir, 'run', 'mongo.sock')}): ` +
          'start it (in another terminal), or give this command the FORMWELL_DATA_DIR that npm start was given\n',
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('with another database than the embedded engine and no REDIS_URL, a revoke is refused before it is stored (exit 2)', async () => {
    const userId = String(
      (await json('user', 'create', '--email', `noredis-${randomBytes(4).toString('hex')}@example.com`)).id,
    );
    const key = await json<{ id: string; key: string }>('key', 'create', '--user', userId, '--name', 'ci');

    const result = await formwellWith({ env: { REDIS_URL: '' } }, 'key', 'revoke', '--key-id', key.id);

    expect([result.code, result.stdout]).toEqual([2, '']);
    expect(result.stderr).toMatch(/^formwell: REDIS_URL must be set when MONGODB_URI names a database other/);
    expect((await authenticateApiKey({ key: key.key })).apiKey.id).toBe(key.id);
  });

  test('key create --forms --origins: a key restricted to one form and normalised origins', async () => {
    const user = await json('user', 'create', '--email', 'embed@example.com', '--plan', 'FREE');
    const userId = String(user.id);
    const form = await json('form', 'create', '--user', userId, '--name', 'Contact', '--type', 'contact');
    const key = await json(
      'key',
      'create',
      '--user',
      userId,
      '--name',
      'site',
      '--scopes',
      'submissions:write',
      '--forms',
      String(form.id),
      '--origins',
      'https://Example.com/, http://localhost:8080',
    );

    expect(key).toMatchObject({
      scopes: ['submissions:write'],
      formIds: [form.id],
      allowedOrigins: ['https://example.com', 'http://localhost:8080'],
    });
    expect((await authenticateApiKey({ key: String(key.key) })).apiKey.restrictions).toEqual({
      formIds: [form.id],
      allowedOrigins: ['https://example.com', 'http://localhost:8080'],
    });

    const badOrigin = await formwell(
      'key',
      'create',
      '--user',
      userId,
      '--name',
      'x',
      '--origins',
      'https://a.example/path',
    );
    expect(badOrigin.code).not.toBe(0);
    expect(badOrigin.stderr).toContain(
      'allowedOrigins.0: must be an http(s) origin such as https://example.com (no path)',
    );
  });

  test('form create with fields, users-joined and unique-email; webhook create', async () => {
    const user = await json('user', 'create', '--email', 'forms@example.com', '--plan', 'PRO');
    const fields = JSON.stringify([
      { id: 'email', name: 'email', label: 'Email', type: 'email', required: true },
      { id: 'plan', name: 'plan', label: 'Plan', type: 'select', required: false, options: ['a', 'b'] },
    ]);
    const form = await json(
      'form',
      'create',
      '--user',
      String(user.id),
      '--name',
      'Beta',
      '--type',
      'waitlist',
      '--description',
      'Join us',
      '--fields',
      fields,
      '--users-joined',
      '--unique-email',
    );

    expect(form).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      name: 'Beta',
      title: 'Beta',
      description: 'Join us',
      formType: 'waitlist',
      formTypeDisplay: 'Waitlist',
      usersJoinedSettings: { enabled: true, count: 0 },
      uniqueEmail: true,
      fields: [
        { id: 'email', name: 'email', type: 'email', required: true },
        { id: 'plan', name: 'plan', type: 'select', options: ['a', 'b'] },
      ],
    });

    const bare = await json(
      'form',
      'create',
      '--user',
      String(user.id),
      '--name',
      'Any',
      '--type',
      'custom',
      '--fields',
      '[]',
    );
    expect(bare).toMatchObject({ fields: [], usersJoinedSettings: null, uniqueEmail: false });

    const webhook = await json(
      'webhook',
      'create',
      '--form',
      String(form.id),
      '--url',
      'https://hooks.example.com/in',
    );
    expect(webhook).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
      secret: expect.stringMatching(/^whsec_/) as string,
    });
  });

  test('user create --password-stdin takes the password from standard input, never from the command line', async () => {
    const password = 'a password with spaces, piped in';
    const created = await formwellWithStdin(
      `${password}\n`,
      'user',
      'create',
      '--email',
      'piped@example.com',
      '--password-stdin',
    );
    expect(created.code).toBe(0);
    const { user } = await logIn({ email: 'piped@example.com', password });
    expect(user.id).toBe((JSON.parse(created.stdout) as { id: string }).id);

    const both = await formwellWithStdin(
      password,
      'user',
      'create',
      '--email',
      'b@example.com',
      '--password',
      'x',
      '--password-stdin',
    );
    expect({ code: both.code, stderr: both.stderr.trim() }).toEqual({
      code: 2,
      stderr:
        'formwell: give either --password or --password-stdin, not both (run `formwell --help` for usage)',
    });
    const empty = await formwellWithStdin(
      '',
      'user',
      'create',
      '--email',
      'e@example.com',
      '--password-stdin',
    );
    expect({ code: empty.code, stderr: empty.stderr.trim() }).toEqual({
      code: 2,
      stderr: 'formwell: --password-stdin: no password on standard input (run `formwell --help` for usage)',
    });
  });

  test('a value the command refuses is an input mistake (exit 2); a valid request that fails is 1', async () => {
    const plan = await formwell('user', 'create', '--email', 'gold@example.com', '--plan', 'GOLD');
    expect([plan.code, plan.stdout]).toEqual([2, '']);
    expect(plan.stderr).toMatch(/^formwell: /);

    const missing = await formwell('user', 'set-plan', '--user', '0123456789abcdef01234567', '--plan', 'PRO');
    expect([missing.code, missing.stdout]).toEqual([1, '']);
  });

  test("a file field on FREE: the plan's text on stderr, exit 2, no form", async () => {
    const user = await json('user', 'create', '--email', 'free-files@example.com');
    const fields = JSON.stringify([{ name: 'cv', type: 'file' }]);
    const refused = await formwell(
      'form',
      'create',
      '--user',
      String(user.id),
      '--name',
      'F',
      '--type',
      'custom',
      '--fields',
      fields,
    );

    expect({ code: refused.code, stdout: refused.stdout, stderr: refused.stderr.trimEnd() }).toEqual({
      code: 2,
      stdout: '',
      stderr: 'formwell: File uploads are only available with the STANDARD or PRO plan',
    });
    expect(await formRepository.count({ userId: String(user.id) })).toBe(0);
  });

  test('argument mistakes: one line on stderr and exit 2; usage on stdout only when asked for', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'formwell-cli-args-'));
    const notGzip = join(dir, 'notes.txt');
    await writeFile(notGzip, 'not a backup');
    const cases: [string[], RegExp][] = [
      [['restore', '--in', join(dir, 'missing.gz')], /^formwell: ENOENT: no such file or directory/],
      [['restore', '--in', notGzip], /^formwell: .*notes\.txt is not a formwell backup \(not a gzip file/],
      [['restore', '--in', dir], /^formwell: EISDIR/],
      [['backup', '--out', join(dir, 'no-such-folder', 'x.gz')], /^formwell: ENOENT/],
      [['demo', 'seed', '--bogus'], /^formwell: Unknown option '--bogus'/],
    ];
    for (const [args, stderr] of cases) {
      const result = await formwell(...args);
      expect({
        args,
        code: result.code,
        stdout: result.stdout,
        lines: result.stderr.trim().split('\n').length,
      }).toEqual({
        args,
        code: 2,
        stdout: '',
        lines: 1,
      });
      expect(result.stderr, args.join(' ')).toMatch(stderr);
    }

    const bare = await formwell();
    expect([bare.code, bare.stdout, bare.stderr]).toEqual([
      2,
      '',
      expect.stringContaining('usage: formwell'),
    ]);
    const help = await formwell('user', 'create', '--help');
    expect([help.code, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toContain('usage: formwell');
  });

  test('demo seed is repeatable', async () => {
    type TSeed = {
      user: { id: string; plan: string; password: string | null };
      apiKey: { key: string };
      forms: { id: string }[];
      submissions: number;
    };
    const first = await json<TSeed>('demo', 'seed');
    const second = await json<TSeed>('demo', 'seed');

    // The first run fills the charts: weeks of submissions from several browsers and countries.
    expect(first.submissions).toBeGreaterThanOrEqual(3 * 40);
    expect(second.submissions).toBe(0);
    const owner = { id: first.user.id, plan: 'PRO' as const };
    const analytics = await getFormAnalytics({
      config: loadConfig({ env: {} }),
      user: owner,
      formId: first.forms[0]?.id ?? '',
      timeRange: 'month',
    });
    expect(analytics.totalSubmissions).toBeGreaterThanOrEqual(40);
    expect(analytics.browserStats?.length).toBeGreaterThanOrEqual(3);
    expect(analytics.locationStats?.length).toBeGreaterThanOrEqual(3);
    expect(analytics.locationStats?.map((row) => row.name)).toContain('United States');
    expect(analytics.timeSeriesData.filter((point) => point.submissions > 0).length).toBeGreaterThanOrEqual(
      7,
    );
    // The seeded weeks are history: none of those submissions owes the owner a notification (each
    // one did, and the worker's sweep then mailed them all in one burst).
    expect(await SubmissionModel.countDocuments({ userId: first.user.id })).toBe(first.submissions);
    expect(await SubmissionModel.countDocuments({ userId: first.user.id, hasPendingOutbox: true })).toBe(0);

    // A random password, printed once: a published one would open the PRO account on every install.
    expect(first.user.password).toMatch(/^[\w-]{24}$/);
    expect((await logIn({ email: 'demo@formwell.local', password: first.user.password ?? '' })).user.id).toBe(
      first.user.id,
    );
    expect(second.user.password).toBeNull();
    expect(first.user.plan).toBe('PRO');
    expect(second.user.id).toBe(first.user.id);
    expect(first.forms).toHaveLength(3);
    expect(second.forms.map((f) => f.id).sort()).toEqual(first.forms.map((f) => f.id).sort());
    expect((await authenticateApiKey({ key: second.apiKey.key })).user.id).toBe(first.user.id);

    // The account full of active keys: the next seed revokes the oldest demo key for its new one.
    for (let n = 2; n < MAX_ACTIVE_API_KEYS; n++) {
      await createApiKey({ userId: first.user.id, name: `script ${String(n)}` });
    }
    const third = await json<TSeed>('demo', 'seed');
    expect((await authenticateApiKey({ key: third.apiKey.key })).user.id).toBe(first.user.id);
    await expect(authenticateApiKey({ key: first.apiKey.key })).rejects.toBeInstanceOf(AppError);
    expect((await authenticateApiKey({ key: second.apiKey.key })).user.id).toBe(first.user.id);
  });

  test('errors: one line on stderr, nothing on stdout, non-zero exit', async () => {
    await json('user', 'create', '--email', 'dup@example.com');
    const cases: [string[], number, RegExp][] = [
      [
        ['user', 'create', '--email', 'dup@example.com'],
        1,
        /^formwell: An account with this email already exists$/,
      ],
      [['user', 'create'], 2, /^formwell: missing required option --email/],
      [['user', 'fly'], 2, /^formwell: unknown command "user fly"/],
      [['key', 'revoke', '--key-id', '000000000000000000000000'], 1, /^formwell: API key not found$/],
      [
        ['webhook', 'create', '--form', '000000000000000000000000', '--url', 'https://hooks.example.com/in'],
        1,
        /^formwell: Form not found$/,
      ],
      [
        [
          'form',
          'create',
          '--user',
          '000000000000000000000000',
          '--name',
          'x',
          '--type',
          'survey',
          '--fields',
          '{',
        ],
        2,
        /--fields must be a JSON array/,
      ],
      [
        ['form', 'create', '--user', '000000000000000000000000', '--name', 'x', '--type', 'nope'],
        2,
        /^formwell: formType: /,
      ],
      [['user', 'create', '--email', 'x@example.com', '--bogus'], 2, /^formwell: Unknown option '--bogus'/],
    ];
    for (const [args, code, stderr] of cases) {
      const result = await formwell(...args);
      expect({ args, code: result.code, stdout: result.stdout }).toEqual({ args, code, stdout: '' });
      expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(result.stderr.trimEnd()).toMatch(stderr);
    }
  });

  test("analytics rebuild recomputes the counters of one form, or of all, and the form's own counts, from the submissions", async () => {
    const user = await json('user', 'create', '--email', 'rebuild@example.com', '--plan', 'PRO');
    const form = await json('form', 'create', '--user', String(user.id), '--name', 'R', '--type', 'survey');
    const formId = String(form.id);

    expect(await json('analytics', 'rebuild', '--form', formId)).toEqual({
      rebuilt: [{ formId, submissions: 0, submissionCount: 0, spamFolderCount: 0 }],
    });
    expect(await json('analytics', 'rebuild')).toEqual({
      rebuilt: expect.arrayContaining([
        { formId, submissions: 0, submissionCount: 0, spamFolderCount: 0 },
      ]) as unknown,
    });
    const missing = await formwell('analytics', 'rebuild', '--form', '000000000000000000000000');
    expect([missing.code, missing.stderr.trimEnd()]).toEqual([1, 'formwell: Form not found']);
  });

  test('billing replay --event applies a stored payment event again, without repeating what it did', async () => {
    const user = await json('user', 'create', '--email', 'replay@example.com', '--plan', 'FREE');
    const userId = String(user.id);
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    // A checkout.session.completed event as the provider sends it, stored as the receiver stores it.
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      api_version: '2025-03-31.basil',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${randomBytes(8).toString('hex')}`,
          object: 'checkout.session',
          mode: 'subscription',
          customer: 'cus_test_replay',
          subscription: `sub_test_${randomBytes(8).toString('hex')}`,
          client_reference_id: userId,
          metadata: { userId, plan: 'STANDARD' },
        },
      },
    });
    const warnings: string[] = [];
    await processPaymentEvent({
      payload,
      config: loadConfig({ env: {} }),
      priceIds: {},
      producer: null,
      logger: { warn: (_details, message) => warnings.push(message) },
    });
    // The incident: the plan was changed back by hand.
    await json('user', 'set-plan', '--user', userId, '--plan', 'FREE');

    expect(await json('billing', 'replay', '--event', eventId)).toEqual({
      state: 'processed',
      eventId,
      type: 'checkout.session.completed',
      outcome: 'applied',
    });
    expect(await WorkspaceModel.findById(userId, { plan: 1, quotaLimit: 1, _id: 0 }).lean()).toEqual({
      plan: 'STANDARD',
      quotaLimit: 5000,
    });
    // The welcome email was owed once, by the first processing: the replay adds none.
    expect(await BillingEmailModel.countDocuments({ userId })).toBe(1);
    expect(warnings).toEqual([]);

    const missing = await formwell('billing', 'replay', '--event', 'evt_unknown');
    expect([missing.code, missing.stdout, missing.stderr.trimEnd()]).toEqual([
      1,
      '',
      'formwell: Payment event not found',
    ]);
  });

  test('mail list pages the email log newest first; mail show prints one message whole', async () => {
    type TList = { emails: Record<string, unknown>[]; nextCursor: string | null };
    const at = (second: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, second));
    await logEmail({
      createdAt: at(1),
      to: 'first@example.com',
      subject: 'Oldest',
      replyTo: 'help@example.com',
      text: 'Name: Ada',
      html: '<p>Name: &lt;script&gt;</p>',
    });
    await logEmail({
      createdAt: at(3),
      to: 'third@example.com',
      subject: 'Refused',
      status: 'failed',
      error: '550 mailbox unavailable',
    });
    await logEmail({ createdAt: at(2), to: 'second@example.com', subject: 'Went out', status: 'sent' });

    const first = await json<TList>('mail', 'list', '--limit', '2');
    expect(first.emails).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
        to: 'third@example.com',
        subject: 'Refused',
        status: 'failed',
        createdAt: at(3).toISOString(),
      },
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/) as string,
        to: 'second@example.com',
        subject: 'Went out',
        status: 'sent',
        createdAt: at(2).toISOString(),
      },
    ]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await json<TList>('mail', 'list', '--limit', '2', '--cursor', first.nextCursor ?? '');
    expect(rest.emails.map((email) => email.subject)).toEqual(['Oldest']);
    expect(rest.nextCursor).toBeNull();
    const all = await json<TList>('mail', 'list');
    expect(all.emails.map((email) => email.subject)).toEqual(['Refused', 'Went out', 'Oldest']);

    const oldestId = String(rest.emails[0]?.id);
    expect(await json('mail', 'show', '--id', oldestId)).toEqual({
      id: oldestId,
      to: 'first@example.com',
      from: 'Formwell <no-reply@formwell.local>',
      replyTo: 'help@example.com',
      subject: 'Oldest',
      text: 'Name: Ada',
      html: '<p>Name: &lt;script&gt;</p>',
      status: 'captured',
      error: null,
      createdAt: at(1).toISOString(),
    });
    // The id also goes as a plain argument, as in `mail show ID`.
    expect(await json('mail', 'show', String(first.emails[0]?.id))).toMatchObject({
      status: 'failed',
      error: '550 mailbox unavailable',
      text: null,
      html: null,
    });

    const cases: [string[], number, string][] = [
      [['mail', 'show', '--id', '000000000000000000000000'], 1, 'formwell: Email not found'],
      [['mail', 'show', '--id', 'not-an-id'], 1, 'formwell: Email not found'],
      [['mail', 'show'], 2, 'formwell: missing required option --id (run `formwell --help` for usage)'],
      [
        ['mail', 'show', oldestId, '--id', oldestId],
        2,
        'formwell: give one email id, as ID or --id ID (run `formwell --help` for usage)',
      ],
      [['mail', 'list', '--limit', '0'], 2, 'formwell: limit: limit must be an integer between 1 and 100'],
      [['mail', 'list', '--limit', '1e1'], 2, 'formwell: limit: limit must be an integer between 1 and 100'],
      [['mail', 'list', '--cursor', 'nope'], 2, 'formwell: Invalid cursor'],
    ];
    for (const [args, code, stderr] of cases) {
      const result = await formwell(...args);
      expect({ args, code: result.code, stdout: result.stdout, stderr: result.stderr.trimEnd() }).toEqual({
        args,
        code,
        stdout: '',
        stderr,
      });
    }
  });

  test('mail show completes mail sent to the local catcher with the body the catcher kept', async () => {
    const messageId = `<${randomBytes(8).toString('hex')}@formwell.local>`;
    await logEmail({ createdAt: new Date(), subject: 'Caught', status: 'sent', messageId });
    await caughtMailRepository.store({
      messageId,
      text: 'caught text',
      html: '<p>caught</p>',
      receivedAt: new Date(),
    });
    const { emails } = await json<{ emails: { id: string; subject: string }[] }>('mail', 'list');
    const caught = emails.find((email) => email.subject === 'Caught');
    expect(await json('mail', 'show', String(caught?.id))).toMatchObject({
      status: 'sent',
      text: 'caught text',
      html: '<p>caught</p>',
    });
  });

  test('--help lists the mail commands', async () => {
    const help = await formwell('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('  mail list [--limit N] [--cursor C]\n  mail show ID   (or --id ID)\n');
  });
});

describe('form update: the keyless HTML endpoint', () => {
  test('opts a form in with allowed origins and a CAPTCHA whose secret comes from stdin and is never printed', async () => {
    const user = await json('user', 'create', '--email', 'public-form@example.com');
    const form = await json(
      'form',
      'create',
      '--user',
      String(user.id),
      '--name',
      'Contact',
      '--type',
      'contact',
    );
    const secret = 'turnstile-secret-from-stdin';

    const updated = await formwellWithStdin(
      `${secret}\n`,
      'form',
      'update',
      '--form',
      String(form.id),
      '--public-submissions',
      'on',
      '--allowed-origins',
      'https://example.com, http://localhost:8080',
      '--captcha-provider',
      'turnstile',
      '--captcha-secret-stdin',
    );

    expect(updated.code).toBe(0);
    expect(updated.stdout).not.toContain(secret);
    expect((JSON.parse(updated.stdout) as { publicSubmissions: unknown }).publicSubmissions).toEqual({
      enabled: true,
      allowedOrigins: ['https://example.com', 'http://localhost:8080'],
      captcha: { provider: 'turnstile' },
    });
    const stored = await formRepository.findForPublicSubmit({ formId: String(form.id) });
    expect(stored?.publicSubmissions.captcha).toEqual({ provider: 'turnstile', secret });

    // Turning the endpoint off keeps the other settings; --no-captcha removes the CAPTCHA.
    const off = await json(
      'form',
      'update',
      '--form',
      String(form.id),
      '--public-submissions',
      'off',
      '--no-captcha',
    );
    expect(off.publicSubmissions).toEqual({
      enabled: false,
      allowedOrigins: ['https://example.com', 'http://localhost:8080'],
      captcha: null,
    });
  });

  test('refuses a bad origin, a provider without its secret, and an unknown form', async () => {
    const user = await json('user', 'create', '--email', 'public-form-bad@example.com');
    const form = await json('form', 'create', '--user', String(user.id), '--name', 'C', '--type', 'contact');

    const badOrigin = await formwell(
      'form',
      'update',
      '--form',
      String(form.id),
      '--allowed-origins',
      'https://example.com/page',
    );
    const noSecret = await formwell(
      'form',
      'update',
      '--form',
      String(form.id),
      '--captcha-provider',
      'hcaptcha',
    );
    const unknown = await formwell(
      'form',
      'update',
      '--form',
      '6740a1b2c3d4e5f6a7b8c9d0',
      '--public-submissions',
      'on',
    );

    expect(badOrigin.code).not.toBe(0);
    expect(badOrigin.stderr).toContain('Must be an origin');
    expect([noSecret.code, noSecret.stderr]).toEqual([
      2,
      expect.stringContaining('--captcha-secret-stdin') as string,
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Form not found');
  });
});
