const OPEN = '<think>';
const CLOSE = '</think>';

/** Length of the longest suffix of `text` that is a proper prefix of `tag` (a tag split across chunks). */
function partialTail(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) {
    if (tag.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

/**
 * Removes `<think>…</think>` reasoning from a stream of text chunks (DeepSeek-R1 on Ollama, QwQ,
 * vLLM without a reasoning parser put it in the content). Tags may be split across chunks, so a
 * possible partial tag is held back until the next chunk decides it. Text inside an unclosed
 * block is never released.
 */
export function thinkFilter() {
  let inside = false;
  let held = '';
  return {
    push(chunk: string): string {
      let text = held + chunk;
      held = '';
      let out = '';
      for (;;) {
        if (inside) {
          const end = text.indexOf(CLOSE);
          if (end < 0) {
            held = text.slice(text.length - partialTail(text, CLOSE));
            return out;
          }
          inside = false;
          text = text.slice(end + CLOSE.length);
          // The answer after reasoning usually starts on a new line.
          if (out === '') text = text.replace(/^\s+/, '');
        } else {
          const start = text.indexOf(OPEN);
          if (start < 0) {
            const keep = partialTail(text, OPEN);
            held = text.slice(text.length - keep);
            return out + text.slice(0, text.length - keep);
          }
          out += text.slice(0, start);
          inside = true;
          text = text.slice(start + OPEN.length);
        }
      }
    },
    /** What is left at the end of the stream: a held partial tag that turned out to be text. */
    end(): string {
      const rest = inside ? '' : held;
      held = '';
      return rest;
    },
  };
}
