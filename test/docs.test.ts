import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const CODE = /```[\s\S]*?```/g;

/** Runs of eight words a paragraph of prose says twice: a sentence pasted again (tables and code left out). */
export function repeatedRuns(markdown: string): string[] {
  const prose = markdown.replace(CODE, '').replace(/^\|.*$/gm, '');
  return prose.split(/\n\s*\n/).flatMap((paragraph) => {
    const words = paragraph.split(/\s+/).filter(Boolean);
    const seen = new Set<string>();
    const again: string[] = [];
    for (let i = 0; i + 8 <= words.length; i++) {
      const run = words.slice(i, i + 8).join(' ');
      if (seen.has(run)) again.push(run);
      seen.add(run);
    }
    return again;
  });
}

describe('the docs a new engineer reads first', () => {
  it('the README says nothing twice in a paragraph', () => {
    expect(repeatedRuns(read('README.md'))).toEqual([]);
  });

  it('finds a sentence pasted twice, as the README once had', () => {
    const garbled = [
      'Each is an interface: file storage (an S3-compatible bucket, tested against a fake that checks AWS',
      'Signature V4, since this machine has no cloud access); AI help (streamed). Payment arrives later.',
      'Signature V4, since this machine has no cloud access); text to speech (espeak-ng).',
    ].join('\n');
    expect(repeatedRuns(garbled)).toContain('V4, since this machine has no cloud access);');
  });

  it('operations starts production processes from the bundle, not the sources under tsx', () => {
    const blocks = read('docs/operations.md').match(CODE) ?? [];
    expect(blocks.join('\n')).toMatch(/node packages\/server\/dist\/main\.js --role=api/);
    expect(blocks.filter((b) => /tsx packages\/server\/src\/main\.ts/.test(b))).toEqual([]);
  });
});
