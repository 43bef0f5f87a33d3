import { describe, expect, it } from 'vitest';
import type { OutboxWrite } from './outbox';
import { inWordBook, wordsOfAnswer } from './wordbook-state';

const write = (key: string, seq: number, state: OutboxWrite['state'] = 'waiting'): OutboxWrite => ({
  seq,
  key,
  label: key,
  url: '/reader/myword',
  method: 'POST',
  headers: {},
  body: null,
  state,
  attempts: 0,
  error: null,
  created_at: seq,
});

describe('whether a word looked up offline is in the word book', () => {
  it('is, when an add waits in the outbox, whatever the kept lists said, though it was added as the form tapped', () => {
    expect(inWordBook(['Negotiate'], [write('words.add:negotiate', 1)], new Set())).toBe(true);
    expect(inWordBook(['negotiate', 'negotiated'], [write('words.add:negotiated', 1)], new Set())).toBe(true);
  });

  it('is not, when a delete waits after the add, or the add was refused', () => {
    expect(inWordBook(['bridge'], [write('words.add:bridge', 1), write('words.delete:bridge', 2)], new Set(['bridge']))).toBe(false);
    expect(inWordBook(['bridge'], [write('words.add:bridge', 1, 'failed')], new Set())).toBe(false);
  });

  it('is as the kept word-book lists say when the outbox holds nothing for it', () => {
    const kept = new Set(wordsOfAnswer({ status: { code: '200' }, result: { list: [{ word: 'Bridge' }, { word: 'river' }] } }));
    expect(inWordBook(['bridge'], [write('words.add:other', 1)], kept)).toBe(true);
    expect(inWordBook(['mayor'], [], kept)).toBe(false);
  });

  it('reads words only from a list answer', () => {
    expect(wordsOfAnswer({ result: { total: 3 } })).toEqual([]);
    expect(wordsOfAnswer(null)).toEqual([]);
    expect(wordsOfAnswer({ result: { list: [{ word: 3 }, null, { word: 'fair' }] } })).toEqual(['fair']);
  });
});
