import { endpoints } from '@changdu/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Invalid } from '../lib/errors.js';
import { inputParser } from './parsed-inputs.js';

const word = endpoints['dict.word'];
const url = (w: string) => `/api/english/word?word=${w}&sentence=They%20talked.`;

afterEach(() => vi.restoreAllMocks());

describe('the input of a GET call', () => {
  it('is parsed once per URL, and every call gets its own copy of it', () => {
    const parse = inputParser();
    const zod = vi.spyOn(word.input, 'safeParse');
    const first = parse('dict.word', word, url('talked'), { word: ' talked ', sentence: 'They talked.' }) as Record<string, unknown>;
    first.word = 'changed by a handler';
    const again = parse('dict.word', word, url('talked'), { word: ' talked ', sentence: 'They talked.' });

    expect(again).toEqual({ word: 'talked', sentence: 'They talked.' });
    expect(again).not.toBe(first);
    expect(zod).toHaveBeenCalledTimes(1);
    parse('dict.word', word, url('walked'), { word: 'walked', sentence: 'They talked.' });
    expect(zod).toHaveBeenCalledTimes(2);
  });

  it('is refused with the contract’s message every time it is bad, and nothing is kept for it', () => {
    const parse = inputParser();
    const zod = vi.spyOn(word.input, 'safeParse');
    const bad = () => parse('dict.word', word, url('%E4%BD%A0'), { word: '你', sentence: 'They talked.' });

    expect(bad).toThrow(new Invalid('只能查询英文单词'));
    expect(bad).toThrow(new Invalid('只能查询英文单词'));
    expect(zod).toHaveBeenCalledTimes(2);
  });
});

describe('the input of a POST call', () => {
  it('is parsed on every call (its body is not in the URL)', () => {
    const parse = inputParser();
    const add = endpoints['words.add'];
    const zod = vi.spyOn(add.input, 'safeParse');
    parse('words.add', add, '/reader/myword', { word: 'zebra' });
    parse('words.add', add, '/reader/myword', { word: 'zebra' });
    expect(zod).toHaveBeenCalledTimes(2);
  });
});
