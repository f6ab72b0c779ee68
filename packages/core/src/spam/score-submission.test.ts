import fc from 'fast-check';
import { describe, expect, test } from 'vitest';

import { DEFAULT_SPAM_THRESHOLD, scoreSubmission, trainingKeys } from './score-submission.js';
import { modelFromMarks } from './model-from-marks.js';
import { modelWeight } from './spam-model.js';
import { MAX_TEXT_CHARS, submissionValues } from './submission-text.js';
import { MAX_TOKENS, tokenize } from './tokenize.js';

const REASONS = ['links', 'patterns', 'scripts', 'repeated', 'gibberish', 'learned', 'rate', 'captcha'];

describe('scoreSubmission', () => {
  test('leaves empty data and a file-only submission in the inbox', () => {
    const empty = scoreSubmission({ data: {} });
    expect(empty.reasons).toEqual([]);
    expect(empty.score).toBeLessThan(0.1);
    const file = {
      resume: { fileId: 'f1', name: 'cv.pdf', size: 1200, contentType: 'application/pdf', sha256: 'ab' },
    };
    expect(scoreSubmission({ data: file }).score).toBeLessThan(DEFAULT_SPAM_THRESHOLD);
  });

  test('flags a link farm, script injection, known phrases and repeated text, naming why', () => {
    const farm = scoreSubmission({
      data: {
        message: 'http://a.example.top http://b.example.top http://c.example.top http://d.example.top',
      },
    });
    expect(farm.score).toBeGreaterThanOrEqual(DEFAULT_SPAM_THRESHOLD);
    expect(farm.reasons).toContain('links');
    // Script injection alone is suspicious, not filed (escaping tests and pasted code send it);
    // with another sign it is.
    const script = scoreSubmission({ data: { name: '<script>alert(1)</script>' } });
    expect(script.reasons).toEqual(['scripts']);
    expect(script.score).toBeGreaterThan(0.5);
    expect(script.score).toBeLessThan(DEFAULT_SPAM_THRESHOLD);
    const scriptAndLink = scoreSubmission({
      data: { name: '<img src=x onerror=alert(1)>', site: 'http://a.example.top' },
    });
    expect(scriptAndLink.reasons).toEqual(['links', 'scripts']);
    expect(scriptAndLink.score).toBeGreaterThanOrEqual(DEFAULT_SPAM_THRESHOLD);
    const casino = scoreSubmission({
      data: { message: 'Best online casino: free spins, no deposit bonus, slots!' },
    });
    expect(casino.reasons).toEqual(['patterns']);
    expect(casino.score).toBeGreaterThanOrEqual(DEFAULT_SPAM_THRESHOLD);
    const repeated = scoreSubmission({ data: { message: 'win '.repeat(40) } });
    expect(repeated.reasons).toContain('repeated');
  });

  test('keeps a value at the length limit, a pasted code snippet and a random token in the inbox', () => {
    for (const data of [
      { text: 'a'.repeat(10_000) },
      { message: 'My page shows <script>alert(1)</script> literally, is that a bug?' },
      { message: 'My order reference is q8ZxYwVb7TqLmNpK, please check it', name: 'Ada' },
      { name: 'Strzelczyk', message: 'Angstschweiß' },
    ]) {
      expect(scoreSubmission({ data }).score, JSON.stringify(data).slice(0, 60)).toBeLessThan(
        DEFAULT_SPAM_THRESHOLD,
      );
    }
    expect(scoreSubmission({ data: { a: 'xkjqwrtz', b: 'dfhgjkl qwrtzp xcvbnm' } }).reasons).toEqual([
      'gibberish',
    ]);
    expect(
      scoreSubmission({ data: { a: 'xkjqwrtz', b: 'dfhgjkl qwrtzp xcvbnm' } }).score,
    ).toBeGreaterThanOrEqual(DEFAULT_SPAM_THRESHOLD);
  });

  test('reads stylised and full-width letters as plain ones', () => {
    expect(scoreSubmission({ data: { m: 'ｃａｓｉｎｏ ｆｒｅｅ ｓｐｉｎｓ ｓｌｏｔｓ' } }).reasons).toEqual([
      'patterns',
    ]);
  });

  test('does not flag ordinary messages in any script', () => {
    const messages = [
      'Hello, do you ship to Canada? My order number is 4471.',
      'Guten Tag, ich hätte gern ein Angebot für 40 Stühle. Angstschweiß inklusive.',
      'Здравствуйте! Подскажите, пожалуйста, работает ли магазин в праздники?',
      '您好，请问你们的产品可以开发票吗？我们公司需要采购20台。',
      'こんにちは。来週の土曜日に4名で予約できますか？',
      '안녕하세요, 배송 일정이 궁금합니다.',
      'مرحباً، هل يمكنني تغيير موعد الحجز؟',
      'שלום, האם יש לכם משלוחים לחיפה?',
      'नमस्ते, क्या आप शनिवार को भी खुले रहते हैं?',
      'สวัสดีครับ อยากสอบถามราคาห้องพักครับ',
      'Καλησπέρα, θα ήθελα πληροφορίες για τα μαθήματα.',
      'ሰላም፣ ትዕዛዜ መቼ ይደርሳል?',
      'ᐊᖏᖅᑲᐃᓐᓇᖅᐳᖓ 🙂👍🏽 ',
      'Brzęczyszczykiewicz Szczepański Strzelczyk',
    ];
    for (const message of messages) {
      const verdict = scoreSubmission({ data: { name: 'Visitor', message } });
      expect(verdict, message).toEqual({ score: verdict.score, reasons: [] });
    }
    expect(tokenize(['您好，请问你们的产品可以开发票吗']).length).toBeGreaterThan(3);
    expect(tokenize(['สวัสดีครับ อยากสอบถามราคาห้องพักครับ']).length).toBeGreaterThan(3);
  });

  test('adds the address rate only above 10 a minute, and takes a little off for a solved CAPTCHA', () => {
    const data = { message: 'hello' };
    expect(scoreSubmission({ data, addressRate: 10 }).reasons).toEqual([]);
    // The first submission past the free rate already counts, so it is named.
    const eleventh = scoreSubmission({ data, addressRate: 11 });
    expect(eleventh.reasons).toEqual(['rate']);
    expect(eleventh.score).toBeGreaterThan(scoreSubmission({ data, addressRate: 10 }).score);
    const fast = scoreSubmission({ data, addressRate: 30 });
    expect(fast.reasons).toEqual(['rate']);
    expect(fast.score).toBeGreaterThan(scoreSubmission({ data, addressRate: 10 }).score);
    const links = { message: 'see http://a.example.com and http://b.example.com' };
    expect(scoreSubmission({ data: links, captcha: 'passed' }).score).toBeLessThan(
      scoreSubmission({ data: links }).score,
    );
  });

  test('learns from marks of both kinds, and not from one kind alone', () => {
    const pitch = { message: 'We redesign websites for small businesses, reply to this email for a quote' };
    const pitchAgain = { message: 'Small businesses love our websites, we redesign yours cheaply' };
    const ham = { message: 'Can I book a table for four on Friday evening?' };
    const onlySpam = modelFromMarks([{ data: pitch, spam: true }]);
    expect(modelWeight(onlySpam, trainingKeys(pitchAgain))).toBe(0);
    const model = modelFromMarks([
      { data: pitch, spam: true },
      { data: ham, spam: false },
    ]);
    const learned = scoreSubmission({ data: pitchAgain, model });
    expect(learned.reasons).toContain('learned');
    expect(learned.score).toBeGreaterThan(scoreSubmission({ data: pitchAgain }).score);
    expect(
      scoreSubmission({ data: { message: 'Is a table for two free on Friday?' }, model }).score,
    ).toBeLessThan(scoreSubmission({ data: { message: 'Is a table for two free on Friday?' } }).score + 1e-9);
  });

  test('stays bounded on huge values and pathological input', () => {
    const huge = Object.fromEntries(
      Array.from({ length: 100 }, (_, index) => [
        `field${index}`,
        `${'x'.repeat(9_000)} http://a.example.com`,
      ]),
    );
    expect(submissionValues(huge).join('').length).toBeLessThanOrEqual(MAX_TEXT_CHARS);
    const hostile = [
      'a'.repeat(100_000) + '!',
      `http://${'a'.repeat(100_000)}`,
      `<svg ${' '.repeat(100_000)}`,
      `${'[url='.repeat(20_000)}`,
      `${'on'.repeat(50_000)}=`,
      'ab'.repeat(50_000),
      '\u0000\uFFFF\uD800'.repeat(10_000),
    ];
    for (const value of [huge, ...hostile.map((text) => ({ text }))]) {
      const verdict = scoreSubmission({ data: value });
      expect(verdict.score).toBeGreaterThanOrEqual(0);
      expect(verdict.score).toBeLessThanOrEqual(1);
    }
    expect(
      tokenize(submissionValues({ text: Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ') }))
        .length,
    ).toBe(MAX_TOKENS);
  });

  test('answers a score in 0..1 and known reasons for any data', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue()),
        fc.integer({ min: 0, max: 1_000 }),
        (data, rate) => {
          const verdict = scoreSubmission({ data, addressRate: rate });
          expect(verdict.score).toBeGreaterThanOrEqual(0);
          expect(verdict.score).toBeLessThanOrEqual(1);
          expect(verdict.reasons.every((reason) => REASONS.includes(reason))).toBe(true);
        },
      ),
    );
  });
});
