// npm run bench:crash — kill -9 the server under write load, restart it, and count the
// acknowledged writes that are missing afterwards (must be 0), on SQLite and PostgreSQL.
// CRASH_ROUNDS (default 3) rounds per database, CRASH_CLIENTS (default 20) writers, each
// adding words to its word book and notes to one article until the kill. 127.0.0.1 only.
import {
  api,
  createStore,
  dictionaryWords,
  field,
  login,
  pgReachable,
  publishedArticle,
  readers,
  sleep,
  startServer,
  ADMIN,
  type DbKind,
  type Server,
} from './server-harness.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 20);
const MAX_WRITES_PER_CLIENT = 400;

interface Acked {
  words: Set<number>;
  notes: Set<string>;
}

async function allWordIds(origin: string, token: string): Promise<Set<number> | null> {
  const ids = new Set<number>();
  for (let offset = 0, pages = 0; pages < 200; pages++) {
    const res = await api(origin, 'GET', `/reader/myword?offset=${offset}&order=old`, null, token);
    if (res.http !== 200) return null;
    const list = field(res.result, 'list');
    if (Array.isArray(list)) for (const item of list) if (typeof field(item, 'id') === 'number') ids.add(field(item, 'id') as number);
    const next = field(res.result, 'next_offset');
    if (typeof next !== 'number') return ids;
    offset = next;
  }
  return ids;
}

async function allNoteUuids(origin: string, token: string, articleId: number): Promise<Set<string> | null> {
  const res = await api(origin, 'GET', `/reader/article/${articleId}/notes`, null, token);
  if (res.http !== 200) return null;
  const list = field(res.result, 'list');
  return new Set(Array.isArray(list) ? list.map((n) => String(field(n, 'note_uuid'))) : []);
}

async function runDatabase(kind: DbKind) {
  const store = await createStore(kind);
  let server: Server = await startServer(store);
  const words = dictionaryWords(CLIENTS * 60);
  const rows: string[] = [];
  try {
    const admin = await login(server.origin, ADMIN.username, ADMIN.password);
    const article = await publishedArticle(server.origin, admin);
    const tokens = await readers(server.origin, CLIENTS, kind);
    const acked: Acked[] = tokens.map(() => ({ words: new Set(), notes: new Set() }));
    let serial = 0;

    for (let round = 1; round <= ROUNDS; round++) {
      let stop = false;
      let attempted = 0;
      let failedInFlight = 0;
      let acknowledged = 0;
      const writer = async (client: number) => {
        const token = tokens[client]!;
        for (let i = 0; i < MAX_WRITES_PER_CLIENT && !stop; i++) {
          attempted += 1;
          if (i % 2 === 0) {
            const word = words[(client * 60 + round * 7 + i) % words.length]!;
            const res = await api(server.origin, 'POST', '/reader/myword', { word, sentence: `Round ${round}: ${word}.` }, token);
            const id = field(res.result, 'id');
            if (res.http === 200 && typeof id === 'number') {
              acked[client]!.words.add(id);
              acknowledged += 1;
            } else failedInFlight += 1;
          } else {
            const uuid = `crash-${kind}-${round}-${client}-${(serial += 1)}`;
            const res = await api(
              server.origin,
              'POST',
              `/reader/article/${article.id}/notes/add`,
              { note_uuid: uuid, text: 'A zebra crossed', root: article.root, comment: `note ${uuid}` },
              token,
            );
            if (res.http === 200) {
              acked[client]!.notes.add(uuid);
              acknowledged += 1;
            } else failedInFlight += 1;
          }
        }
      };
      const writers = tokens.map((_, c) => writer(c));
      // Let the load build up, then pull the plug at a point that varies by round.
      await sleep(1500 + round * 700);
      await server.kill9();
      stop = true;
      await Promise.all(writers);

      server = await startServer(store);
      let missing = 0;
      let total = 0;
      for (let c = 0; c < tokens.length; c++) {
        const ids = await allWordIds(server.origin, tokens[c]!);
        const notes = await allNoteUuids(server.origin, tokens[c]!, article.id);
        if (!ids || !notes) throw new Error(`after the restart, client ${c} could not read back its writes`);
        for (const id of acked[c]!.words) {
          total += 1;
          if (!ids.has(id)) missing += 1;
        }
        for (const uuid of acked[c]!.notes) {
          total += 1;
          if (!notes.has(uuid)) missing += 1;
        }
      }
      const line =
        `${kind} round ${round}: ${attempted} writes sent, ${acknowledged} acknowledged, ${failedInFlight} unanswered (in flight at the kill, or sent before the writers stopped); ` +
        `${total} acknowledged words and notes checked after the restart, missing: ${missing}`;
      console.log(line);
      rows.push(line);
      if (missing > 0) process.exitCode = 1;
    }
  } finally {
    await server.stop().catch(() => undefined);
    await store.drop();
  }
  return rows;
}

async function main() {
  const kinds: DbKind[] = ['sqlite'];
  if (await pgReachable()) kinds.push('postgres');
  else if (process.env.CI === 'true') throw new Error('PostgreSQL is required under CI');
  else console.log('PostgreSQL does not answer: the crash rounds run on SQLite only.');
  const all: string[] = [];
  for (const kind of kinds) all.push(...(await runDatabase(kind)));
  console.log(`\nkill -9 under write load (${CLIENTS} writers, ${ROUNDS} rounds per database):\n  ${all.join('\n  ')}`);
}

await main();
