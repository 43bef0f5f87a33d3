import { describe, expect, it } from 'vitest';
import { flights, type FlightSource } from './flights.js';

/** A source whose chunks the test hands out one by one, counting how often it was started. */
function scripted() {
  const pending: ((value: IteratorResult<string>) => void)[] = [];
  const queued: IteratorResult<string>[] = [];
  let failure: Error | null = null;
  const state = { starts: 0, finished: [] as string[], aborted: false };
  const give = (r: IteratorResult<string>) => {
    const next = pending.shift();
    if (next) next(r);
    else queued.push(r);
  };
  const start = async (signal: AbortSignal): Promise<FlightSource<string>> => {
    state.starts++;
    signal.addEventListener('abort', () => (state.aborted = true));
    return {
      chunks: {
        [Symbol.asyncIterator]: () => ({
          next: () => {
            if (failure) return Promise.reject(failure);
            const ready = queued.shift();
            return ready ? Promise.resolve(ready) : new Promise<IteratorResult<string>>((r) => pending.push(r));
          },
        }),
      },
      finish: async (text) => {
        state.finished.push(text);
        return `result:${text}`;
      },
    };
  };
  return {
    state,
    start,
    send: (text: string) => give({ value: text, done: false }),
    end: () => give({ value: undefined, done: true }),
    fail: (error: Error) => {
      failure = error;
      give({ value: undefined, done: true });
    },
  };
}

async function read(iterable: AsyncIterable<string>) {
  let text = '';
  for await (const c of iterable) text += c;
  return text;
}

describe('single-flight provider calls', () => {
  it('starts one call for identical requests; a late rider gets the text from its start and the same result', async () => {
    const f = flights();
    const source = scripted();
    const first = await f.join('k', undefined, source.start);
    source.send('Hello, ');
    const second = await f.join('k', undefined, source.start);
    source.send('world.');
    source.end();
    expect(await read(second.flight.chunks())).toBe('Hello, world.');
    expect(await read(first.flight.chunks())).toBe('Hello, world.');
    expect(await second.flight.result()).toBe('result:Hello, world.');
    expect([first.joined, second.joined]).toEqual([false, true]);
    expect(source.state).toMatchObject({ starts: 1, finished: ['Hello, world.'] });
  });

  it('starts a new call once the last one has finished', async () => {
    const f = flights();
    const source = scripted();
    const first = await f.join('k', undefined, source.start);
    source.end();
    await first.flight.result();
    await new Promise((r) => setImmediate(r));
    const again = await f.join('k', undefined, source.start);
    expect(again.joined).toBe(false);
    expect(source.state.starts).toBe(2);
  });

  it('keeps different keys apart', async () => {
    const f = flights();
    const a = scripted();
    const b = scripted();
    await f.join('a', undefined, a.start);
    expect((await f.join('b', undefined, b.start)).joined).toBe(false);
    expect([a.state.starts, b.state.starts]).toEqual([1, 1]);
  });

  it('gives every rider the failure of the call, and stores nothing', async () => {
    const f = flights();
    const source = scripted();
    const first = await f.join('k', undefined, source.start);
    const second = await f.join('k', undefined, source.start);
    source.send('partial');
    source.fail(new Error('dropped'));
    await expect(read(first.flight.chunks())).rejects.toThrow('dropped');
    await expect(read(second.flight.chunks())).rejects.toThrow('dropped');
    await expect(second.flight.result()).rejects.toThrow('dropped');
    expect(source.state.finished).toEqual([]);
  });

  it('shares a failure to start with the requests that joined meanwhile', async () => {
    const f = flights();
    let refuse!: (error: Error) => void;
    const start = () => new Promise<FlightSource<string>>((_, reject) => (refuse = reject));
    const first = f.join('k', undefined, start);
    const second = f.join('k', undefined, start);
    refuse(new Error('provider down'));
    await expect(first).rejects.toThrow('provider down');
    await expect(second).rejects.toThrow('provider down');
    expect(f.size).toBe(0);
  });

  it('cancels the call only when every rider has gone away', async () => {
    const f = flights();
    const source = scripted();
    const one = new AbortController();
    const two = new AbortController();
    await f.join('k', one.signal, source.start);
    await f.join('k', two.signal, source.start);
    one.abort();
    expect(source.state.aborted).toBe(false);
    two.abort();
    expect(source.state.aborted).toBe(true);
  });
});
