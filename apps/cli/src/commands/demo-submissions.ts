import { submitForm, type TCoreConfig } from '@formwell/core';

/** How far back the demo's submissions go: enough for the week and month charts to have a shape. */
const DEMO_DAYS = 21;
const HOUR_MS = 3_600_000;

/** A few real browsers, so the browsers chart has several bars. */
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
/** Countries as a trusted proxy (CF-IPCountry) reports them, some more frequent than others. */
const COUNTRIES = ['US', 'US', 'US', 'GB', 'DE', 'DE', 'FR', 'IN', 'BR', 'CA', 'JP'];
const TOPICS = ['UI', 'API', 'Docs'];
const NAMES = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken', 'Barbara', 'Dennis', 'Radia', 'Edsger'];

/** A small deterministic generator: the same demo every time, without Math.random's bias worries. */
function sequence(seed: number) {
  let state = seed;

  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;

    return state % below;
  };
}

/** The fields of the n-th demo submission of a form, keyed by its field names. */
function demoData(formType: string, n: number, pick: (below: number) => number): Record<string, unknown> {
  const name = NAMES[pick(NAMES.length)] ?? 'Ada';
  const email = `${name.toLowerCase()}.${n}@example.com`;
  if (formType === 'feedback') {
    return { rating: 1 + pick(5), topic: TOPICS[pick(TOPICS.length)], comments: `Comment ${n} from ${name}` };
  }
  if (formType === 'waitlist') {
    return { email };
  }

  return { name, email, message: `Hello from ${name} (demo submission ${n})` };
}

/**
 * Stores a few weeks of varied submissions in a demo form that has none: times spread over the
 * last 21 days (more on weekdays and in office hours), several browsers and countries, so every
 * chart of the dashboard shows something. Through the submit path itself (counters, analytics and
 * usage as for real ones), with the owner's plan; nothing is mailed, as the demo forms send no
 * email. Answers how many were stored.
 */
export async function seedDemoSubmissions({
  config,
  user,
  form,
  now = new Date(),
}: {
  config: TCoreConfig;
  user: { id: string; plan: 'FREE' | 'STANDARD' | 'PRO'; quotaLimit: number };
  form: { id: string; formType: string; submissionCount: number };
  now?: Date;
}): Promise<number> {
  if (form.submissionCount > 0) {
    return 0;
  }
  const pick = sequence(form.id.split('').reduce((sum, char) => sum + char.charCodeAt(0), 0));
  const count = 40 + pick(30);
  for (let n = 0; n < count; n++) {
    const daysAgo = pick(DEMO_DAYS);
    const hour = 8 + pick(11) + (pick(4) === 0 ? pick(8) : 0);
    const at = new Date(now.getTime() - daysAgo * 24 * HOUR_MS);
    at.setUTCHours(hour % 24, pick(60), pick(60), 0);
    const when = at.getTime() > now.getTime() ? new Date(now.getTime() - pick(60) * 60_000) : at;
    await submitForm({
      config,
      user,
      input: { formId: form.id, data: demoData(form.formType, n, pick) },
      client: {
        userAgent: USER_AGENTS[pick(USER_AGENTS.length)] ?? null,
        trustedCountryCode: COUNTRIES[pick(COUNTRIES.length)] ?? null,
      },
      now: when,
    });
  }

  return count;
}
