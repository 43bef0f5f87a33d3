import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sortedLineFile } from './sorted-file.js';

function fileOf(lines: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sorted-')), 'lines.txt');
  writeFileSync(file, lines.join('\n'));
  return file;
}
const keyOf = (line: string) => (line.startsWith(' ') ? null : line.slice(0, line.indexOf('\t')));

describe('a sorted file searched on disk', () => {
  // Keys in byte order, some repeated, a header of null keys, Chinese keys (multi-byte UTF-8).
  const words = Array.from({ length: 3000 }, (_, i) => `w${String(i).padStart(5, '0')}`);
  const lines = [
    '  licence header line one',
    '  licence header line two',
    ...words.flatMap((w, i) => (i % 100 === 7 ? [`${w}\tfirst`, `${w}\tsecond`, `${w}\tthird`] : [`${w}\tonly`])),
    '中文\t1',
    '礼品\tgift',
  ].sort((a, b) => (keyOf(a) === null ? -1 : keyOf(b) === null ? 1 : Buffer.compare(Buffer.from(a), Buffer.from(b))));

  it('finds every line of a key, wherever the blocks begin', () => {
    for (const blockBytes of [64, 256, 4096, 1 << 20]) {
      const file = sortedLineFile(fileOf(lines), keyOf, blockBytes);
      for (const i of [0, 1, 7, 107, 1507, 2907, 2999]) {
        const w = words[i]!;
        const want = lines.filter((l) => keyOf(l) === w);
        expect(file.find(w), `${w} in blocks of ${blockBytes}`).toEqual(want);
      }
      expect(file.find('礼品')).toEqual(['礼品\tgift']);
      expect(file.find('中文')).toEqual(['中文\t1']);
      file.close();
    }
  });

  it('finds nothing for a key it lacks, before, between or after its keys', () => {
    const file = sortedLineFile(fileOf(lines), keyOf, 128);
    for (const missing of ['a', 'w00000a', 'w01500x', 'zzz', '香港', '']) expect(file.find(missing), missing).toEqual([]);
    file.close();
  });

  it('reads the last line without a final newline, and a line by its offset', () => {
    const file = sortedLineFile(fileOf(['a\t1', 'b\t2', 'c\t3']), keyOf, 4);
    expect(file.find('c')).toEqual(['c\t3']);
    expect(file.find('a')).toEqual(['a\t1']);
    expect(file.at(4)).toBe('b\t2');
    expect(file.at(100)).toBeNull();
    file.close();
  });
});
