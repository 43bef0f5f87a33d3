import jsQR from 'jsqr';
import JSZip from 'jszip';
import { PNG } from 'pngjs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArticle } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let reader: { token: string; user: { id: number } };
let other: { token: string; user: { id: number } };
let manager: { token: string };
let article: number;
let root: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://changdu.example' } });
  reader = await t.createUser();
  other = await t.createUser();
  manager = await t.createUser({ role: 'manager' });
  article = await createArticle(t, {
    title: 'Cities turn car parks into gardens',
    title_zh: '城市把停车场变成花园',
    paragraphs: [
      {
        en: 'The city council voted on Tuesday to turn three car parks into gardens. Residents had asked for years.',
        zh: '市议会周二投票决定把三个停车场改成花园。居民们为此呼吁了多年。',
      },
      { en: 'Engineers say the work will take eighteen months.', zh: '工程师说这项工程需要十八个月。' },
    ],
  });
  root = (await t.call('article.show', { id: article })).result!.paragraphs[0]!.id;
}, 60_000);
afterAll(() => t?.close());

async function get(url: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.statusCode,
    type: String(res.headers['content-type']),
    headers: res.headers,
    bytes: res.rawPayload,
    json: () => JSON.parse(res.body) as { status: { code: string; msg: string }; result: unknown },
  };
}

function decodeQr(png: Buffer): { width: number; height: number; qr: string | null } {
  const image = PNG.sync.read(png);
  // The QR sits in the footer's right-hand corner; decode that part alone.
  const x0 = Math.floor(image.width * 0.6);
  const y0 = Math.floor(image.height * 0.75);
  const w = image.width - x0;
  const hgt = image.height - y0;
  const data = new Uint8ClampedArray(w * hgt * 4);
  for (let y = 0; y < hgt; y++) {
    const from = ((y + y0) * image.width + x0) * 4;
    data.set(image.data.subarray(from, from + w * 4), y * w * 4);
  }
  return { width: image.width, height: image.height, qr: jsQR(data, w, hgt)?.data ?? null };
}

describe('share posters', () => {
  it("is a 750×1334 PNG whose QR code opens the article's address", async () => {
    const res = await get(`/reader/article/${article}/poster`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('image/png');
    const { width, height, qr } = decodeQr(res.bytes);
    expect([width, height]).toEqual([750, 1334]);
    expect(qr).toBe(`https://changdu.example/article/${article}`);
  });

  it("shows the reader's own highlight, which nobody else can ask for", async () => {
    const note = await t.call(
      'note.add',
      { id: article, note_uuid: 'poster-note-1', text: 'Residents had asked for years.', comment: '居民的坚持', root, is_public: false },
      { token: reader.token },
    );
    expect(note.code, note.msg).toBe('200');
    const mine = await get(`/reader/article/${article}/poster?note_uuid=poster-note-1`, reader.token);
    expect(mine.status).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const plain = await get(`/reader/article/${article}/poster`, reader.token);
    expect(Buffer.compare(mine.bytes, plain.bytes)).not.toBe(0);
    expect((await get(`/reader/article/${article}/poster?note_uuid=poster-note-1`, other.token)).status).toBe(404);
    expect((await get(`/reader/article/${article}/poster?note_uuid=poster-note-1`)).status).toBe(404);
  });

  it('refuses a sentence that is not in the article, and hides drafts', async () => {
    expect((await get(`/reader/article/${article}/poster?sentence=${encodeURIComponent('Not in this text at all.')}`)).status).toBe(400);
    const draft = await createArticle(t, { status: 'draft' });
    expect((await get(`/reader/article/${draft}/poster`)).status).toBe(404);
    expect((await get(`/reader/article/${draft}/poster`, manager.token)).status).toBe(200);
  });

  it("makes the member poster with the manager's text and the reader's invite QR", async () => {
    await t.call('appinfo.saveProductPoster', { title: '畅读会员', lines: '双语对照\n逐句朗读' }, { token: manager.token });
    const res = await get('/api/poster/product', reader.token);
    expect(res.status).toBe(200);
    const image = decodeQr(res.bytes);
    expect([image.width, image.height]).toEqual([750, 1334]);
    expect(image.qr).toBe(`https://changdu.example/Register?from=${reader.user.id}`);
    expect((await get('/api/poster/product')).status).toBe(401);
  });

  it('renders Markdown to an image of the layout size, for managers only', async () => {
    const input = { markdown: '# 标题 Title\n\n第一段。\n\n> A quote', layout: 'xhs', qr: 'https://changdu.example/' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/image/markdown',
      payload: input,
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(res.statusCode).toBe(200);
    const image = decodeQr(res.rawPayload);
    expect([image.width, image.height]).toEqual([1080, 1440]);
    expect(image.qr).toBe('https://changdu.example/');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/image/markdown',
      payload: input,
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('article PDF', () => {
  it('is generated as a job on first request, then answers a PDF holding the title; an edit makes a new file', async () => {
    const url = `/reader/article/${article}/pdf`;
    const first = await get(url, reader.token);
    expect(first.status).toBe(404);
    expect(first.json().status.msg).toContain('正在生成');
    expect((await t.app.inject({ method: 'HEAD', url, headers: { authorization: `Bearer ${reader.token}` } })).statusCode).toBe(404);
    const prepared = await t.call('article.pdfPrepare', { id: article }, { token: reader.token });
    expect(prepared.result).toMatchObject({ ready: false, url: `${url}?style=sy` });
    expect(prepared.result!.task_id).toBeGreaterThan(0);
    await t.app.jobs.drain();
    const task = await t.call('task.show', { id: prepared.result!.task_id! }, { token: reader.token });
    expect(task.result?.status, task.result?.message ?? '').toBe('done');

    expect((await t.app.inject({ method: 'HEAD', url, headers: { authorization: `Bearer ${reader.token}` } })).statusCode).toBe(200);
    const pdf = await get(url, reader.token);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain("filename*=UTF-8''Cities%20turn");
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const doc = await getDocumentProxy(new Uint8Array(pdf.bytes));
    const { text, totalPages } = await extractText(doc, { mergePages: true });
    expect(totalPages).toBeGreaterThanOrEqual(2); // the title page, then the body
    expect(text).toContain('Cities turn car parks into gardens');
    expect(text).toContain('Engineers say the work will take eighteen months.');
    expect((await t.call('article.pdfPrepare', { id: article }, { token: reader.token })).result).toMatchObject({
      ready: true,
      task_id: null,
    });

    await t.db.kysely.updateTable('articles').set({ title: 'Cities turn car parks into parks' }).where('id', '=', article).execute();
    expect((await get(url, reader.token)).status).toBe(404);
    await t.app.jobs.drain();
    const edited = await get(url, reader.token);
    const { text: newText } = await extractText(await getDocumentProxy(new Uint8Array(edited.bytes)), { mergePages: true });
    expect(newText).toContain('Cities turn car parks into parks');
    await t.db.kysely.updateTable('articles').set({ title: 'Cities turn car parks into gardens' }).where('id', '=', article).execute();
  }, 120_000);

  it("puts the reader's notes in the margin of the notes style, for that reader only", async () => {
    const url = `/reader/article/${article}/pdf?style=notes`;
    await get(url, reader.token);
    await get(url, other.token);
    await t.app.jobs.drain();
    const mine = await extractText(await getDocumentProxy(new Uint8Array((await get(url, reader.token)).bytes)), { mergePages: true });
    const theirs = await extractText(await getDocumentProxy(new Uint8Array((await get(url, other.token)).bytes)), { mergePages: true });
    // (Chromium's PDF maps 民 to the look-alike radical ⺠ in its text layer: compare the rest.)
    expect(mine.text).toContain('的坚持');
    expect(mine.text).toContain('Residents had asked for years.');
    expect(theirs.text).not.toContain('的坚持');
  }, 120_000);

  it('links the article by the address the reader came by when no PUBLIC_URL is set, one file per address', async () => {
    const local = await createTestApp({ env: { PORT: '3000' } });
    try {
      const me = await local.createUser();
      const id = await createArticle(local, { title: 'Rivers in the city', paragraphs: [{ en: 'The river runs under the old market.', zh: '河从老市场下面流过。' }] });
      const pdfText = async (host: string) => {
        const ask = () => local.app.inject({ method: 'GET', url: `/reader/article/${id}/pdf`, headers: { authorization: `Bearer ${me.token}`, host } });
        expect((await ask()).statusCode).toBe(404);
        await local.app.jobs.drain();
        const res = await ask();
        expect(res.statusCode).toBe(200);
        return (await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true })).text;
      };
      expect(await pdfText('127.0.0.1:3000')).toContain(`http://127.0.0.1:3000/article/${id}`);
      expect(await pdfText('localhost:3000')).toContain(`http://localhost:3000/article/${id}`);
    } finally {
      await local.close();
    }
  }, 120_000);

  it('needs a login', async () => {
    expect((await get(`/reader/article/${article}/pdf`)).status).toBe(401);
  });
});

describe('article export', () => {
  it("is a ZIP of Markdown files with the owner's notes and words, plus an EPUB, downloadable by the owner alone", async () => {
    const second = await createArticle(t, {
      title: 'A second story',
      paragraphs: [{ en: 'A zebra crossed the road.', zh: '一匹斑马过了马路。' }],
    });
    await t.call('words.add', { word: 'zebra', sentence: 'A zebra crossed the road.', article_id: second }, { token: reader.token });
    await t.call('words.add', { word: 'engineer', article_id: article }, { token: other.token });

    const started = await t.call('article.export', { article_ids: [article, second] }, { token: reader.token });
    expect(started.code, started.msg).toBe('200');
    const taskId = started.result!.task_id;
    expect((await get(`/reader/article/export/${taskId}`, reader.token)).status).toBe(404); // not built yet
    await t.app.jobs.drain();

    expect((await get(`/reader/article/export/${taskId}`, other.token)).status).toBe(404);
    const res = await get(`/reader/article/export/${taskId}`, reader.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('畅读文章导出.zip')}`);
    const zip = await JSZip.loadAsync(res.bytes);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(['01-Cities turn car parks into gardens.md', '02-A second story.md', '畅读文章.epub']);
    const first = await zip.file('01-Cities turn car parks into gardens.md')!.async('string');
    expect(first).toContain('# Cities turn car parks into gardens');
    expect(first).toContain('> 市议会周二投票决定把三个停车场改成花园。');
    expect(first).toContain('==Residents had asked for years.==');
    expect(first).toContain('居民的坚持');
    expect(first).not.toContain('engineer'); // another reader's word
    const secondMd = await zip.file('02-A second story.md')!.async('string');
    expect(secondMd).toMatch(/\*\*zebra\*\*/);

    const epub = await JSZip.loadAsync(await zip.file('畅读文章.epub')!.async('nodebuffer'));
    expect(await epub.file('mimetype')!.async('string')).toBe('application/epub+zip');
    expect(Object.keys(epub.files)[0]).toBe('mimetype');
    const opf = await epub.file('OEBPS/content.opf')!.async('string');
    expect(opf).toContain('<itemref idref="a1"/><itemref idref="a2"/>');
    expect(await epub.file('OEBPS/article-2.xhtml')!.async('string')).toContain('一匹斑马过了马路。');
  }, 60_000);

  it('refuses drafts and more than 50 articles', async () => {
    const draft = await createArticle(t, { status: 'draft' });
    expect((await t.call('article.export', { article_ids: [draft] }, { token: reader.token })).code).toBe('404');
    expect(
      (await t.call('article.export', { article_ids: Array.from({ length: 51 }, (_, i) => i + 1) }, { token: reader.token })).code,
    ).toBe('400');
    expect((await t.call('article.export', { article_ids: [article] })).code).toBe('401');
  });
});
