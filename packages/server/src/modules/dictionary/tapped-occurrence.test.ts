import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { occurrenceAt, occurrenceStart } from '@changdu/contract';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { foundEntry } from '../../../test/word-entry.js';

// A word that stands twice in its sentence, used two ways: the lookup answers the occurrence the
// reader tapped (`at`), not the first (sentences of our own).
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

// `at` may be a string: the refused values are sent as a query string would carry them.
const look = (word: string, sentence: string, at?: number | string, token?: string) =>
  t.call('dict.word', { word, sentence, ...(at !== undefined ? { at } : {}) } as never, { token: token ?? null });
const entry = async (word: string, sentence: string, at?: number) => {
  const res = await look(word, sentence, at);
  expect(res.code, res.msg).toBe('200');
  return foundEntry(res.result);
};

const RUN = 'The run was long, but we run again tomorrow.';
const GAVE = 'She gave him the book and then gave up.';
const SALE = 'At the point of sale, the price is fixed.';

describe('the tapped occurrence (`at`)', () => {
  it('counts the sentence’s words equal to the tapped one, case-insensitively and without a possessive', () => {
    expect(occurrenceAt(RUN, 'run', RUN.lastIndexOf('run'))).toBe(1);
    expect(occurrenceAt(RUN, 'run', RUN.indexOf('run'))).toBe(0);
    expect(occurrenceAt('Run, then the run.', 'run', 14)).toBe(1);
    expect(occurrenceAt('The runner’s run ended.', 'run', 13)).toBe(0);
    expect(occurrenceAt('The women’s team met the women.', 'women', 25)).toBe(1);
    expect(occurrenceStart(RUN, 'run', 1)).toBe(RUN.lastIndexOf('run'));
    expect(occurrenceStart(RUN, 'run', 2)).toBeNull();
  });

  it('reads each occurrence’s own part of speech and meaning', async () => {
    const noun = await entry('run', RUN);
    expect(noun.pos_in_context).toBe('NOUN');
    expect(noun.meanings[0]!.pos).toBe('n.');
    const verb = await entry('run', RUN, 1);
    expect(verb.pos_in_context).toBe('VERB');
    expect(verb.meanings[0]!.pos).toMatch(/^v[it]\./);
    // The answers are kept per occurrence: asking the first again is still the noun.
    expect((await entry('run', RUN, 0)).pos_in_context).toBe('NOUN');
  });

  it('claims a phrase only for the occurrence inside it', async () => {
    expect((await entry('gave', GAVE)).phrase).toBeNull();
    expect((await entry('gave', GAVE, 1)).phrase?.text).toBe('give up');
    expect((await entry('the', SALE, 1)).phrase).toBeNull();
  });

  it('takes an index past the last occurrence as the first', async () => {
    const past = await entry('run', RUN, 7);
    expect(past.pos_in_context).toBe('NOUN');
    expect(past.meanings).toEqual((await entry('run', RUN)).meanings);
  });

  it.each([['-1'], ['1.5'], ['x'], ['501']])('refuses at=%s with a 400 that names the field', async (at) => {
    const res = await look('run', RUN, at);
    expect(res.code).toBe('400');
    expect(res.msg).toContain('at');
    expect(res.result).toBeNull();
  });

  it('keeps in the word book the meaning the sheet showed for the tapped occurrence', async () => {
    const reader = await t.createUser();
    const shown = await entry('run', RUN, 1);
    const added = await t.call('words.add', { word: 'run', sentence: RUN, at: 1 }, { token: reader.token });
    expect(added.code, added.msg).toBe('200');
    expect(added.result!.meaning).toBe(`${shown.meanings[0]!.pos} ${shown.meanings[0]!.text}`);
    expect(added.result!.meaning).toMatch(/^v[it]\./);
    // Added again from the first occurrence, the card takes that tap's meaning (the noun).
    const again = await t.call('words.add', { word: 'run', sentence: RUN }, { token: reader.token });
    expect(again.result!.meaning).toMatch(/^n\./);
    const bad = await t.call('words.add', { word: 'run', sentence: RUN, at: -2 }, { token: reader.token });
    expect(bad.code).toBe('400');
  });
});
