import { describe, expect, it } from 'vitest';
import { run } from './tts.js';

describe('running the speech programs', () => {
  it('answers by the exit code when the program quits before reading its input (no EPIPE thrown)', async () => {
    // `true` reads nothing: writing 8 MB to it breaks the pipe.
    await expect(run('true', [], Buffer.alloc(8 * 1024 * 1024))).resolves.toEqual(Buffer.alloc(0));
    await expect(run('false', [], Buffer.alloc(8 * 1024 * 1024))).rejects.toThrow('false exited with 1');
  });

  it('passes the input through and answers the output', async () => {
    expect((await run('cat', [], Buffer.from('read aloud'))).toString()).toBe('read aloud');
  });
});
