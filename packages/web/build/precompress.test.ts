import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress } from './precompress';

type Emitted = { fileName: string; source: Uint8Array };

/** Runs the plugin's generateBundle on a bundle of the given files; returns what it emitted. */
function emittedFor(files: Record<string, string>): Emitted[] {
  const emitted: Emitted[] = [];
  const bundle = Object.fromEntries(
    Object.entries(files).map(([fileName, text]) => [
      fileName,
      fileName.endsWith('.js') ? { type: 'chunk', fileName, code: text } : { type: 'asset', fileName, source: text },
    ]),
  );
  const hook = precompress().generateBundle as { handler: (this: unknown, options: unknown, bundle: unknown) => void };
  hook.handler.call({ emitFile: (file: Emitted) => emitted.push(file) }, {}, bundle);
  return emitted;
}

describe('the build’s compressed copies', () => {
  const code = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i}`))};`;

  it('writes a Brotli and a gzip copy of each hashed text asset that read back as the file', () => {
    const emitted = emittedFor({ 'assets/shared-abc.js': code, 'assets/index-def.css': `.a{color:red}`.repeat(200) });
    expect(emitted.map((e) => e.fileName).sort()).toEqual([
      'assets/index-def.css.br',
      'assets/index-def.css.gz',
      'assets/shared-abc.js.br',
      'assets/shared-abc.js.gz',
    ]);
    const copy = (name: string) => Buffer.from(emitted.find((e) => e.fileName === name)!.source);
    expect(zlib.brotliDecompressSync(copy('assets/shared-abc.js.br')).toString()).toBe(code);
    expect(zlib.gunzipSync(copy('assets/shared-abc.js.gz')).toString()).toBe(code);
    expect(copy('assets/shared-abc.js.br').length).toBeLessThan(code.length / 3);
  });

  it('leaves small files, images and files outside assets/ alone', () => {
    expect(
      emittedFor({ 'assets/tiny-1.js': 'export{}', 'assets/cover-2.png': 'x'.repeat(5000), 'index.html': code, 'version.json': code }),
    ).toEqual([]);
  });
});
