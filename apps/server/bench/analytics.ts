import { createApiKey, createForm, createUser, setUserPlan, submitForm } from '@formwell/core';
import {
  FormModel,
  FormStatsDayModel,
  FormStatsModel,
  FormStatsQuartersModel,
  statsBucketOf,
} from '@formwell/db';
import { startEmbeddedMongo } from '@formwell/embedded-mongo';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { buildApp } from '../src/app.js';
import { parseServerEnv } from '../src/env.js';
import { seededRandom } from './seeded-random.js';

/**
 * `pnpm --filter @formwell/server bench:analytics`: GET /api/v1/forms/{formId}/analytics (PRO,
 * `month`, America/New_York) over real HTTP against the embedded engine, for a form with 1,000
 * submissions and one with 1,000,000, both a year old. The small form's submissions go through the
 * real submit path; the large form's counters are written directly (the counters of 1,000,000
 * random submissions over the year, bucketed by the same function the submit path uses), because
 * a million submits would take hours here. Prints p50/p99 and the documents one call reads.
 */
const CALLS = Number(process.env.BENCH_CALLS ?? '400');
const DAY = 86_400_000;
const AGENTS = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Unknown'];
const COUNTRIES = ['United States', 'Germany', 'India', 'Nepal', 'France', 'Unknown'];

async function main() {
  const [redis, mongo] = await Promise.all([startRedisServer(), startEmbeddedMongo({ port: 0 })]);
  const env = parseServerEnv({
    MONGODB_URI: `${mongo.uri.replace(/\/$/, '')}/formwell_bench_analytics`,
    REDIS_URL: redis.url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    RATE_LIMIT_ANALYTICS: '100000000/60',
  });
  const app = await buildApp({ env });
  try {
    const now = Date.now();
    const config = env.coreConfig;
    const owner = await createUser({ config, input: { email: 'bench-analytics@example.com', plan: 'PRO' } });
    await setUserPlan({ config, userId: owner.id, plan: 'PRO', quotaLimit: 1_000_000_000 });
    const { key } = await createApiKey({ userId: owner.id, name: 'bench' });
    const user = { id: owner.id, plan: 'PRO' as const, quotaLimit: 1_000_000_000 };
    const newForm = async (name: string) => {
      const form = await createForm({ config, userId: owner.id, input: { name, formType: 'survey' } });
      await FormModel.updateOne(
        { _id: form.id },
        { $set: { createdAt: new Date(now - 365 * DAY) } },
        { overwriteImmutable: true },
      );

      return form.id;
    };
    const small = await newForm('1,000 submissions');
    const large = await newForm('1,000,000 submissions');

    const random = seededRandom(42);
    const started = Date.now();
    for (let i = 0; i < 1000; i++) {
      await submitForm({
        config,
        user,
        input: { formId: small, data: {} },
        client: { acceptLanguage: ['en-US', 'de-DE', 'hi-IN', ''][i % 4] },
        now: new Date(now - Math.floor(random() * 365 * DAY)),
      });
    }
    console.log(`seeded 1,000 real submissions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await insertCounters(owner.id, large, 1_000_000, now, random);

    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // Counts every document a mongoose query hands back during a call (auth, user, form, counters).
    let documents = 0;
    const { Query } = FormModel.base;
    // Called below with the query as `this`, so taking it off the prototype is intended.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const exec = Query.prototype.exec;
    Query.prototype.exec = async function countingExec(this: unknown, ...args: unknown[]) {
      const result: unknown = await exec.apply(this as never, args as never);
      documents += Array.isArray(result) ? result.length : result && typeof result === 'object' ? 1 : 0;

      return result;
    } as typeof exec;
    const url = (formId: string) =>
      `${address}/api/v1/forms/${formId}/analytics?timeRange=month&tz=America/New_York`;
    const call = async (formId: string) => {
      const response = await fetch(url(formId), { headers: { 'x-api-key': key } });
      if (response.status !== 200) {
        throw new Error(`analytics answered ${response.status}: ${await response.text()}`);
      }
      return (await response.json()) as { totalSubmissions: number };
    };
    const forms = [
      ['1,000', small],
      ['1,000,000', large],
    ] as const;
    const perCall: number[] = [];
    const totals: number[] = [];
    for (const [, formId] of forms) {
      for (let i = 0; i < 30; i++) {
        await call(formId);
      }
      documents = 0;
      totals.push((await call(formId)).totalSubmissions);
      perCall.push(documents);
    }
    // Alternating calls: on a shared machine both forms see the same background load.
    const times: number[][] = forms.map(() => []);
    for (let i = 0; i < CALLS; i++) {
      for (const [index, [, formId]] of forms.entries()) {
        const t = process.hrtime.bigint();
        await call(formId);
        times[index]?.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    const results: Record<string, { p50: number; p99: number; documents: number; total: number }> = {};
    forms.forEach(([label], index) => {
      const sorted = (times[index] ?? []).sort((a, b) => a - b);
      const pct = (p: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
      results[label] = {
        p50: pct(50),
        p99: pct(99),
        documents: perCall[index] ?? 0,
        total: totals[index] ?? 0,
      };
    });
    console.log(
      `GET analytics, PRO, month, America/New_York, ${CALLS} sequential calls per form, alternating:`,
    );
    for (const [label, r] of Object.entries(results)) {
      console.log(
        `  ${label.padStart(9)} submissions (totalSubmissions ${r.total}): p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.documents} documents read per call`,
      );
    }
    const ratio = (results['1,000,000']?.p50 ?? 0) / (results['1,000']?.p50 ?? 1);
    console.log(`  p50 ratio 1,000,000 / 1,000: ${ratio.toFixed(2)} (target <= 1.2)`);
  } finally {
    await app.close();
    await Promise.all([redis.stop(), mongo.stop()]);
  }
}

/** The counter documents `count` submissions spread over the last year would have produced. */
async function insertCounters(
  userId: string,
  formId: string,
  count: number,
  now: number,
  random: () => number,
) {
  const { userId: owner, formId: form } = FormStatsModel.castObject({ userId, formId });
  const ids = { userId: owner, formId: form };
  const totals = {
    total: 0,
    browsers: {} as Record<string, number>,
    countries: {} as Record<string, number>,
  };
  const months = new Map<string, Record<string, number>>();
  const days = new Map<string, Record<string, number>>();
  const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
  for (let i = 0; i < count; i++) {
    const bucket = statsBucketOf(new Date(now - Math.floor(random() * 365 * DAY)));
    totals.total += 1;
    bump(totals.browsers, AGENTS[i % AGENTS.length] ?? 'Unknown');
    bump(totals.countries, COUNTRIES[i % COUNTRIES.length] ?? 'Unknown');
    const slots = days.get(bucket.date) ?? {};
    days.set(bucket.date, slots);
    bump(slots, String(bucket.slot));
    const quarters = months.get(bucket.month) ?? {};
    months.set(bucket.month, quarters);
    bump(quarters, String(bucket.slot));
  }
  await FormStatsModel.collection.insertOne({ ...ids, ...totals, spam: 0, version: 1 });
  await FormStatsQuartersModel.collection.insertMany(
    [...months].map(([month, slots]) => ({ ...ids, month, slots, version: 1 })),
  );
  await FormStatsDayModel.collection.insertMany(
    [...days].map(([day, slots]) => ({ ...ids, day, slots, version: 1 })),
  );
}

await main();
