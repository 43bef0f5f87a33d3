import { describe, expect, it, vi } from 'vitest';
import { memoryEventBus, type EventBus, type EventLog } from './index.js';
import { ReaderCopies } from './reader-copies.js';

const quiet: EventLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000, interval: 5 });

describe('a reader’s kept copies', () => {
  it('are dropped at once where they changed, and in every other process once it hears of it', async () => {
    const bus = memoryEventBus({ log: quiet, namespace: 'reader_copies_test' });
    const here: number[] = [];
    const there: number[] = [];
    const a = new ReaderCopies({ channel: 'word_book.changed', events: bus, log: quiet, drop: (id) => here.push(id) });
    const b = new ReaderCopies({ channel: 'word_book.changed', events: bus, log: quiet, drop: (id) => there.push(id) });
    // Nothing may be kept before the process hears the others.
    expect(a.mayKeep).toBe(false);
    await until(() => a.mayKeep && b.mayKeep);
    const told = a.changed(7);
    expect(here).toEqual([7]);
    await told;
    await until(() => there.includes(7));
    // Another channel's news is not this copy's.
    await new ReaderCopies({ channel: 'session.changed', events: bus, log: quiet, drop: () => undefined }).changed(8);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(there).toEqual([7]);
    a.close();
    b.close();
    expect(a.mayKeep).toBe(false);
    await bus.close();
  });

  it('are kept where the change was made into them, dropped in every other process, and not dropped by their own news coming back', async () => {
    const bus = memoryEventBus({ log: quiet, namespace: 'reader_copies_updated' });
    const here: number[] = [];
    const there: number[] = [];
    const a = new ReaderCopies({ channel: 'word_book.changed', events: bus, log: quiet, drop: (id) => here.push(id) });
    const b = new ReaderCopies({ channel: 'word_book.changed', events: bus, log: quiet, drop: (id) => there.push(id) });
    await until(() => a.mayKeep && b.mayKeep);
    await a.changed(5, 'updated');
    await until(() => there.includes(5));
    // The plain kind drops here at once; neither comes back to drop here a second time.
    await a.changed(6);
    await until(() => there.includes(6));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(here).toEqual([6]);
    expect(there).toEqual([5, 6]);
    a.close();
    b.close();
    await bus.close();
  });

  it('are kept by a process that is the only one, and a failed publish is logged, not thrown', async () => {
    const dropped: number[] = [];
    const alone = new ReaderCopies({ channel: 'session.changed', events: null, log: quiet, drop: (id) => dropped.push(id) });
    expect(alone.mayKeep).toBe(true);
    await alone.changed(3);
    expect(dropped).toEqual([3]);

    const warned: object[] = [];
    const broken: EventBus = {
      kind: 'memory',
      publish: () => Promise.reject(new Error('bus down')),
      subscribe: async () => () => undefined,
      close: async () => undefined,
    };
    const copies = new ReaderCopies({
      channel: 'session.changed',
      events: broken,
      log: { ...quiet, warn: (obj) => warned.push(obj) },
      drop: (id) => dropped.push(id),
    });
    await expect(copies.changed(4)).resolves.toBeUndefined();
    expect(dropped).toEqual([3, 4]);
    expect(warned).toHaveLength(1);
    copies.close();
  });
});
