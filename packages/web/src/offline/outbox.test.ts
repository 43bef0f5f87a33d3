import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOutboxForTests, enqueue, flushOutbox, MAX_ATTEMPTS, outboxWrites, sendWrite, type OutboxWrite, type Outcome } from './outbox';

const write = (key: string, body: Record<string, unknown> = {}) => ({
  key,
  label: key,
  url: `/reader/${key}`,
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A sender that records what it sent and answers by the write's key. */
function server(answer: (w: OutboxWrite) => Outcome = () => ({ kind: 'sent' })) {
  const sent: { key: string; body: string | null }[] = [];
  const send = vi.fn(async (w: OutboxWrite) => {
    sent.push({ key: w.key, body: w.body });
    return answer(w);
  });
  return { sent, send };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  closeOutboxForTests();
});
afterEach(() => closeOutboxForTests());

describe('the outbox', () => {
  it('sends waiting writes in the order they were made, and empties', async () => {
    await enqueue(write('words.add:negotiate'));
    await enqueue(write('note.add:n1'));
    await enqueue(write('words.review:7:0'));
    const { sent, send } = server();
    await flushOutbox(send);
    expect(sent.map((s) => s.key)).toEqual(['words.add:negotiate', 'note.add:n1', 'words.review:7:0']);
    expect(await outboxWrites()).toEqual([]);
  });

  it('keeps one write per idempotency key: a later edit replaces the waiting one in its place', async () => {
    await enqueue(write('note.add:n1', { comment: 'first' }));
    await enqueue(write('words.add:harbor'));
    await enqueue(write('note.add:n1', { comment: 'edited' }));
    const { sent, send } = server();
    await flushOutbox(send);
    expect(sent).toEqual([
      { key: 'note.add:n1', body: JSON.stringify({ comment: 'edited' }) },
      { key: 'words.add:harbor', body: JSON.stringify({}) },
    ]);
  });

  it('stops while the network is away and sends everything, once, when it is back', async () => {
    await enqueue(write('words.add:a'));
    await enqueue(write('words.add:b'));
    let online = false;
    const { sent, send } = server(() => (online ? { kind: 'sent' } : { kind: 'offline' }));
    await flushOutbox(send);
    expect(sent.map((s) => s.key)).toEqual(['words.add:a']);
    expect((await outboxWrites()).map((w) => [w.key, w.state, w.attempts])).toEqual([
      ['words.add:a', 'waiting', 0],
      ['words.add:b', 'waiting', 0],
    ]);
    online = true;
    await flushOutbox(send);
    await flushOutbox(send);
    expect(sent.map((s) => s.key)).toEqual(['words.add:a', 'words.add:a', 'words.add:b']);
    expect(await outboxWrites()).toEqual([]);
  });

  it('keeps a refused write as failed with the server’s reason, and sends the writes after it', async () => {
    await enqueue(write('words.add:zzzq'));
    await enqueue(write('words.add:harbor'));
    const { sent, send } = server((w) =>
      w.key === 'words.add:zzzq' ? { kind: 'refused', msg: '词典里没有找到“zzzq”，无法加入生词本' } : { kind: 'sent' },
    );
    await flushOutbox(send);
    expect(sent.map((s) => s.key)).toEqual(['words.add:zzzq', 'words.add:harbor']);
    const [failed, ...rest] = await outboxWrites();
    expect(rest).toEqual([]);
    expect(failed).toMatchObject({ key: 'words.add:zzzq', state: 'failed', error: '词典里没有找到“zzzq”，无法加入生词本' });
    // A failed write is not sent again.
    await flushOutbox(send);
    expect(sent).toHaveLength(2);
  });

  it('retries a write the server could not take (5xx), holding the later ones, and gives up after five tries', async () => {
    await enqueue(write('note.add:n1'));
    await enqueue(write('note.add:n2'));
    const { sent, send } = server((w) =>
      w.key === 'note.add:n1' ? { kind: 'later', msg: '服务器开小差了', counts: true } : { kind: 'sent' },
    );
    for (let i = 0; i < MAX_ATTEMPTS; i++) await flushOutbox(send);
    expect(sent.filter((s) => s.key === 'note.add:n1')).toHaveLength(MAX_ATTEMPTS);
    expect(sent.filter((s) => s.key === 'note.add:n2')).toHaveLength(0);
    expect((await outboxWrites())[0]).toMatchObject({ state: 'failed', error: '服务器开小差了', attempts: MAX_ATTEMPTS });
    await flushOutbox(send);
    expect(sent.map((s) => s.key).at(-1)).toBe('note.add:n2');
  });
});

describe('sending a kept write', () => {
  const respond = (status: number, body: unknown) =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));
  afterEach(() => vi.restoreAllMocks());
  const kept: OutboxWrite = { ...write('words.add:a'), state: 'waiting', attempts: 0, error: null, created_at: 0 };

  it('reads the API envelope: sent, refused with the message, later for a 5xx or a lost login, offline when fetch fails', async () => {
    respond(200, { status: { code: '200', msg: 'ok' }, result: {} });
    expect(await sendWrite(kept)).toEqual({ kind: 'sent' });
    respond(400, { status: { code: '400', msg: '只能添加英文单词' }, result: null });
    expect(await sendWrite(kept)).toEqual({ kind: 'refused', msg: '只能添加英文单词' });
    respond(503, { status: { code: '503', msg: '服务繁忙' }, result: null });
    expect(await sendWrite(kept)).toEqual({ kind: 'later', msg: '服务繁忙', counts: true });
    respond(401, { status: { code: '401', msg: '请先登录' }, result: null });
    expect(await sendWrite(kept)).toMatchObject({ kind: 'later', counts: false });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await sendWrite(kept)).toEqual({ kind: 'offline' });
  });
});
