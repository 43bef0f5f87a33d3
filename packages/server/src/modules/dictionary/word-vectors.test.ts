import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildVectorRecords, cosine, DIMENSIONS, meanVector, openWordVectors, unitOf } from './word-vectors.js';

/** A file in the package's layout: words by frequency, then "word": [100 numbers, norm, rank]. */
function packageFile(entries: [string, number[]][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'vectors-'));
  const vectors = Object.fromEntries(
    entries.map(([word, v], rank) => {
      const full = Array.from({ length: DIMENSIONS }, (_, d) => v[d] ?? 0);
      return [word, [...full, Math.hypot(...full), rank]];
    }),
  );
  const file = join(dir, 'vectors.json');
  writeFileSync(file, JSON.stringify({ precision: 8, size: entries.length, dimensions: DIMENSIONS, words: entries.map(([w]) => w), vectors }));
  return file;
}

describe('word vectors read from a derived file', () => {
  // Unit vectors of real words have small components (int8 keeps ±0.4): these spread over ten dimensions.
  const spread = (from: number, scale = 1) => Array.from({ length: 30 }, (_, d) => (d >= from && d < from + 10 ? scale : 0));
  const file = packageFile([
    ['the', spread(0)],
    ['river', spread(5, 2)],
    ['Paris', spread(0)],
    ['shore', spread(6)],
    ['money', spread(20)],
    ['bank-note', spread(19)],
  ]);

  it('keeps lower-case words as unit vectors with their rank, whatever the chunk boundaries', () => {
    const whole = buildVectorRecords(file);
    expect(buildVectorRecords(file, 150_000, 97)).toEqual(whole);
    const vectors = openWordVectors(file, mkdtempSync(join(tmpdir(), 'derived-')));
    const river = vectors.vector('river')!;
    expect(river.rank).toBe(1);
    const unit = unitOf(river);
    expect(unit[5]).toBeCloseTo(Math.sqrt(0.1), 2);
    expect(unit[4]).toBe(0);
    expect(cosine(unit, unitOf(vectors.vector('shore')!))).toBeCloseTo(0.9, 1);
    expect(cosine(unit, unitOf(vectors.vector('money')!))).toBeCloseTo(0, 2);
    expect(vectors.vector('bank-note')?.rank).toBe(5);
    expect(vectors.vector('Paris')).toBeNull();
    expect(vectors.vector('paris')).toBeNull();
    expect(vectors.vector('zzz')).toBeNull();
    expect(vectors.vector('aaa')).toBeNull();
  });

  it("gives an evicted word's slot to the next word and reads the first again right", () => {
    const vectors = openWordVectors(file, mkdtempSync(join(tmpdir(), 'derived-')), 2);
    const river = unitOf(vectors.vector('river')!);
    const shore = unitOf(vectors.vector('shore')!);
    expect(vectors.vector('zzz')).toBeNull();
    // Two slots: "money" takes the least recently asked word's ("river"), then "river" takes "shore"'s.
    expect(cosine(unitOf(vectors.vector('money')!), river)).toBeCloseTo(0, 2);
    expect(Array.from(unitOf(vectors.vector('river')!))).toEqual(Array.from(river));
    expect(vectors.vector('river')!.rank).toBe(1);
    expect(Array.from(unitOf(vectors.vector('shore')!))).toEqual(Array.from(shore));
    expect(cosine(unitOf(vectors.vector('money')!), river)).toBeCloseTo(0, 2);
  });

  it('keeps the records in memory when the folder for derived files cannot be written', () => {
    // A file where the folder should be: nothing can be made under it.
    const blocked = join(mkdtempSync(join(tmpdir(), 'blocked-')), 'file');
    writeFileSync(blocked, '');
    const vectors = openWordVectors(file, join(blocked, 'derived'));
    expect(vectors.vector('river')?.rank).toBe(1);
    expect(vectors.vector('zzz')).toBeNull();
  });

  it('keeps only the most frequent words asked for', () => {
    const vectors = openWordVectors(file, mkdtempSync(join(tmpdir(), 'derived-')));
    expect(vectors.vector('money')).not.toBeNull();
    const few = buildVectorRecords(file, 2);
    expect(few.length / (24 + 4 + DIMENSIONS)).toBe(2);
  });

  it('tells a river bank from a money bank with the real vectors', () => {
    const vectors = openWordVectors();
    const near = (a: string, b: string) => cosine(meanVector(vectors, a.split(' '))!, meanVector(vectors, b.split(' '))!);
    expect(near('walked along the river', 'sloping land beside water')).toBeGreaterThan(near('walked along the river', 'financial institution deposits'));
    expect(near('opened an account', 'financial institution deposits')).toBeGreaterThan(near('opened an account', 'sloping land beside water'));
    expect(meanVector(vectors, ['qzxqzx'])).toBeNull();
  });
});
