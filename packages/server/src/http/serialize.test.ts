import { ok } from '@changdu/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze } from '../lib/deep-freeze.js';
import { envelopeSerializer, envelopeWriter } from './serialize.js';

const output = z.object({ word: z.string(), meanings: z.array(z.string()) });

/** A writer over the contract's serializer that counts how often it serialised. */
function countingWriter() {
  const serialize = envelopeSerializer(output);
  let calls = 0;
  const write = envelopeWriter((envelope) => {
    calls++;
    return serialize(envelope);
  });
  return { write, calls: () => calls };
}

describe('the envelope writer', () => {
  it('serialises a frozen result once and sends the same bytes every time', () => {
    const { write, calls } = countingWriter();
    const answer = deepFreeze({ word: '谈判', meanings: ['negotiate', 'talk'], hidden: 'not in the contract' });
    const expected = '{"status":{"code":"200","msg":"ok"},"result":{"word":"谈判","meanings":["negotiate","talk"]}}';

    expect(write(answer).toString()).toBe(expected);
    expect(write(answer).toString()).toBe(expected);
    expect(calls()).toBe(1);
  });

  it('serialises any other result on every call, so a changed object is written as it is now', () => {
    const { write, calls } = countingWriter();
    const answer = { word: 'talk', meanings: ['说'] };

    expect(write(answer).toString()).toContain('"meanings":["说"]');
    answer.meanings.push('谈');
    expect(write(answer).toString()).toContain('"meanings":["说","谈"]');
    expect(calls()).toBe(2);
  });
});

describe('the serializer a schema fast-json-stringify cannot compile falls back to', () => {
  const cannotCompile = (() => {
    throw new Error('unsupported schema');
  }) as unknown as Parameters<typeof envelopeSerializer>[1];

  it('writes only the fields the contract names, as the compiled one does', () => {
    const fallback = envelopeSerializer(output, cannotCompile);
    const row = ok({ word: 'negotiate', meanings: ['谈判'], password_hash: 'secret' });
    expect(JSON.parse(fallback(row))).toEqual(JSON.parse(envelopeSerializer(output)(row)));
    expect(fallback(row)).not.toContain('password_hash');
  });

  it('refuses a result the contract does not describe instead of writing it', () => {
    const fallback = envelopeSerializer(output, cannotCompile);
    expect(() => fallback(ok({ word: 42 }))).toThrow();
  });
});
