import { describe, expect, it, vi } from 'vitest';
import { COPY_PROMPT, copyText } from './clipboard';

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  });
}

describe('copy to clipboard', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => {});
    stubClipboard(writeText);
    await expect(copyText('word')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('word');
  });

  it('falls back to execCommand("copy") when the Clipboard API is refused', async () => {
    stubClipboard(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    await expect(copyText('word')).resolves.toBe(true);
    expect(exec).toHaveBeenCalledWith('copy');
  });

  it('finally shows the text in a prompt with the fixed message', async () => {
    stubClipboard(undefined);
    document.execCommand = vi.fn(() => false);
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue(null);
    await expect(copyText('the text')).resolves.toBe(false);
    expect(COPY_PROMPT).toBe('Copy to clipboard: key, Enter');
    expect(prompt).toHaveBeenCalledWith('Copy to clipboard: key, Enter', 'the text');
  });
});
