import { Codes, endpoints, type Envelope } from '@changdu/contract';
import { call, identityHeaders, requestInit, unwrap, type Input, type Output } from '../api/client';
import { requestOutboxSync, sendOutbox } from './register';

/**
 * The writes of the reading loop that may be made offline, with their idempotency keys (the
 * server's own: a note's uuid, a word's headword, a card's id and reps) and the answer the page
 * shows until the server has them. Conflicts resolve as on the server: notes and words upsert by
 * their keys, a review already applied is answered and not applied again.
 */
type Queued<N extends keyof typeof endpoints> = {
  key: (input: Input<N>) => string;
  label: (input: Input<N>) => string;
  answer: (input: Input<N>) => Output<N>;
};

const now = () => new Date().toISOString();

const QUEUED: { [N in QueuedName]: Queued<N> } = {
  'words.add': {
    key: (i) => i.word.toLowerCase(),
    label: (i) => `加入生词本：${i.word}`,
    answer: (i) => ({
      id: 0,
      word: i.word,
      phonetic: null,
      meaning: null,
      state: 'new',
      due: now(),
      reps: 0,
      lapses: 0,
      last_review: null,
      created_at: now(),
      added: true,
    }),
  },
  'words.delete': {
    key: (i) => i.word.toLowerCase(),
    label: (i) => `从生词本删除：${i.word}`,
    answer: () => ({ ok: true }),
  },
  'note.add': {
    key: (i) => i.note_uuid,
    label: (i) => `${i.comment ? '笔记' : '划线'}：${i.text.slice(0, 20)}`,
    answer: (i) => ({
      id: 0,
      note_uuid: i.note_uuid,
      article_id: i.id,
      text: i.text,
      comment: i.comment ?? '',
      root: i.root,
      tag: typeof i.tag === 'string' ? i.tag : null,
      color: i.color ?? 'yellow',
      data: i.data ?? null,
      is_public: i.is_public ?? false,
      mine: true,
      user: null,
      created_at: now(),
      updated_at: now(),
    }),
  },
  'note.delete': {
    key: (i) => i.note_uuid,
    label: () => '删除一条划线',
    answer: () => ({ ok: true }),
  },
  'words.review': {
    // Without the reps seen, a retried review is told apart by nothing: each tap is its own.
    key: (i) => `${i.id}:${i.reps ?? `${Date.now()}-${Math.random()}`}`,
    label: () => '复习一张卡片',
    answer: (i) => ({
      id: i.id,
      word: '',
      phonetic: null,
      meaning: null,
      state: 'learning',
      // Not back in this session: with no network the scheduler's answer is not known.
      due: new Date(Date.now() + 86_400_000).toISOString(),
      reps: (i.reps ?? 0) + 1,
      lapses: 0,
      last_review: now(),
      created_at: now(),
      other_meanings: [],
      contexts: [],
      intervals: [],
    }),
  },
};

export type QueuedName = 'words.add' | 'words.delete' | 'note.add' | 'note.delete' | 'words.review';

export function isQueued(name: string): name is QueuedName {
  return Object.hasOwn(QUEUED, name);
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
const networkFailed = (envelope: Envelope<unknown>) => envelope.status.code === '';

/**
 * Sends a write of the reading loop, or keeps it in the outbox when the network is away (or
 * earlier writes still wait: they go first, in order) and answers as the server will.
 */
export async function sendOrQueue<N extends QueuedName>(name: N, input: Input<N>): Promise<Output<N>> {
  // The outbox (and IndexedDB's wrapper) loads only when a write needs it: not on the first load.
  const outbox = await import('./outbox');
  if (!offline() && (await outbox.waitingCount().catch(() => 0)) === 0) {
    const envelope = await call(name, input);
    if (!networkFailed(envelope)) return unwrap(Promise.resolve(envelope));
  }
  const spec = QUEUED[name] as unknown as Queued<N>;
  const headers = identityHeaders();
  const init: RequestInit = {};
  const url = requestInit(name, input, headers, init);
  try {
    await outbox.enqueue({
      key: `${name}:${spec.key(input)}`,
      label: spec.label(input),
      url,
      method: endpoints[name].method,
      headers,
      body: typeof init.body === 'string' ? init.body : null,
    });
  } catch {
    // No IndexedDB (a private window of an old browser): the write cannot wait, so say so.
    return unwrap<Output<N>>(Promise.resolve({ status: { code: Codes.INTERNAL, msg: '网络不可用，暂时无法保存' }, result: null }));
  }
  if (offline()) void requestOutboxSync();
  else void sendOutbox();
  return spec.answer(input);
}
