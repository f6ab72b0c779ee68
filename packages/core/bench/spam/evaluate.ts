import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { modelFromMarks } from '../../src/spam/model-from-marks.js';
import { DEFAULT_SPAM_THRESHOLD, scoreSubmission } from '../../src/spam/score-submission.js';
import type { TSpamModel } from '../../src/spam/spam-model.js';

/**
 * `pnpm --filter @formwell/core bench:spam`: the spam classifier on the evaluation set of this
 * folder (README.md). Every third item of each file is the training pool, the rest is held out.
 * Prints precision, recall and the false-positive rate on the held-out items with the rules only,
 * then after the model learned from 20 owner marks taken from the training pool (the submissions an
 * owner would look at first: the ones the rules got wrong, then others), and the CPU time of one
 * scoring. SUBMIT_CPU=1 also runs the server's `bench:cpu` submit target (the whole submit, scoring
 * included) and prints the scoring's share of it.
 */
type TItem = { kind: string; data: Record<string, unknown>; spam: boolean };

const here = fileURLToPath(new URL('.', import.meta.url));
const load = (file: string, spam: boolean): TItem[] =>
  readFileSync(`${here}${file}`, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ ...(JSON.parse(line) as Omit<TItem, 'spam'>), spam }));
const items = [...load('ham.jsonl', false), ...load('spam.jsonl', true)];
const byClass = (spam: boolean) => items.filter((item) => item.spam === spam);
const part = (training: boolean) =>
  [false, true].flatMap((spam) => byClass(spam).filter((_, index) => (index % 3 === 0) === training));
const train = part(true);
const test = part(false);

const OWNER_MARKS = 20;
const SPAM_MARKS = 14;

function flagged(item: TItem, model: TSpamModel | null): boolean {
  return scoreSubmission({ data: item.data, model }).score >= DEFAULT_SPAM_THRESHOLD;
}

function report(label: string, model: TSpamModel | null): void {
  let truePositive = 0;
  let falsePositive = 0;
  const missed: string[] = [];
  for (const item of test) {
    const isFlagged = flagged(item, model);
    if (isFlagged && item.spam) truePositive += 1;
    if (isFlagged && !item.spam) falsePositive += 1;
    if (!isFlagged && item.spam) missed.push(item.kind);
  }
  const spam = test.filter((item) => item.spam).length;
  const ham = test.length - spam;
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(
    `${label.padEnd(30)} recall ${percent(truePositive / spam)} (${truePositive}/${spam} spam caught), ` +
      `precision ${percent(truePositive / Math.max(1, truePositive + falsePositive))}, ` +
      `ham flagged ${percent(falsePositive / ham)} (${falsePositive}/${ham})` +
      (missed.length > 0 ? `; missed: ${missed.join(', ')}` : ''),
  );
}

/** The marks an owner makes first: what the rules got wrong, then the rest, spam and ham apart. */
function ownerMarks(): TItem[] {
  const wrongFirst = (list: TItem[]) =>
    [...list].sort((a, b) => Number(flagged(a, null) === a.spam) - Number(flagged(b, null) === b.spam));
  const spam = wrongFirst(train.filter((item) => item.spam)).slice(0, SPAM_MARKS);
  const ham = wrongFirst(train.filter((item) => !item.spam)).slice(0, OWNER_MARKS - spam.length);

  return [...spam, ...ham];
}

function scoringMicroseconds(model: TSpamModel): number {
  const rounds = 200;
  for (const item of test) scoreSubmission({ data: item.data, model });
  const before = process.cpuUsage();
  for (let round = 0; round < rounds; round += 1) {
    for (const item of test) scoreSubmission({ data: item.data, model, addressRate: 1 });
  }
  const used = process.cpuUsage(before);

  return (used.user + used.system) / (rounds * test.length);
}

function submitCpuMilliseconds(): number | null {
  if (process.env.SUBMIT_CPU !== '1') {
    return null;
  }
  const output = execFileSync('pnpm', ['--filter', '@formwell/server', 'bench:cpu'], {
    env: { ...process.env, CPU_TARGETS: 'submit', CPU_REQUESTS: process.env.CPU_REQUESTS ?? '5000' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const match = /submit\s+([\d.]+) ms\/req/.exec(output);

  return match ? Number(match[1]) : null;
}

console.log(
  `evaluation set: ${items.length} submissions (${byClass(false).length} ham, ${byClass(true).length} spam); ` +
    `held out ${test.length}, training pool ${train.length}; threshold ${DEFAULT_SPAM_THRESHOLD}`,
);
report('rules only', null);
const marks = ownerMarks();
const model = modelFromMarks(marks);
report(`after ${marks.length} owner marks (${model.spamMarks} spam)`, model);
const scoring = scoringMicroseconds(model);
console.log(`scoring CPU per submission: ${scoring.toFixed(1)} µs (mean over the held-out set)`);
const submit = submitCpuMilliseconds();
if (submit !== null) {
  console.log(
    `submit CPU per request (server bench:cpu): ${submit.toFixed(3)} ms; scoring share ${(scoring / (submit * 1000)) * 100 < 0.01 ? '< 0.01' : ((scoring / (submit * 1000)) * 100).toFixed(2)} %`,
  );
}
