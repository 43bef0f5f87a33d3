import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importEpub, uploadEpub } from '../../../test/books.js';
import { buildEpub } from '../../../test/epub-builder.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { MINUTE } from '../../lib/clock.js';

// Issue 27 (a): uploads never imported expire, and a reader's pending bytes are capped.

const MB = 1024 * 1024;
let t: TestApp;
let epub: Buffer;

beforeAll(async () => {
  epub = await buildEpub({ version: 3, title: 'Pending Book' });
});
afterEach(() => t.close());

const fileOf = (key: string) => path.join(t.dataDir, 'files', key);
const rowOf = (key: string) => t.db.kysely.selectFrom('uploads').select(['key', 'claimed_at']).where('key', '=', key).executeTakeFirst();

describe('the cap on a reader’s pending uploads', () => {
  it('refuses the next token with a 409 once 500 MB wait for import, for that reader only, until they expire', async () => {
    t = await createTestApp();
    const reader = await t.createUser();
    for (let i = 0; i < 10; i++) {
      expect((await t.call('auth.uploadToken', { key: `big-${i}.epub`, size: 50 * MB }, { token: reader.token })).code).toBe('200');
    }
    const refused = await t.call('auth.uploadToken', { key: 'one-more.epub', size: 1000 }, { token: reader.token });
    expect(refused.http).toBe(409);
    expect(refused.body).toEqual({
      status: { code: '409', msg: '待导入的上传已达上限（500 MB）：请先导入已上传的文件，未导入的文件会在 15 分钟后自动清除' },
      result: null,
    });
    // Another reader has a cap of their own.
    const other = await t.createUser();
    expect((await t.call('auth.uploadToken', { key: 'mine.epub', size: 1000 }, { token: other.token })).code).toBe('200');
    // Tokens never used: their reservation ends once they could no longer have brought a file.
    t.clock.advance(31 * MINUTE);
    expect((await t.call('auth.uploadToken', { key: 'one-more.epub', size: 1000 }, { token: reader.token })).code).toBe('200');
  });

  it('counts what arrived, holds an upload to the size it asked for, and stops counting it once imported (UPLOAD_PENDING_MAX_MB)', async () => {
    t = await createTestApp({ env: { UPLOAD_PENDING_MAX_MB: '1' } });
    const reader = await t.createUser();
    const ask = (size?: number) => t.call('auth.uploadToken', { key: 'a.epub', ...(size ? { size } : {}) }, { token: reader.token });
    // Without a size a token may bring the kind's 50 MB: more than this cap.
    expect((await ask()).http).toBe(409);
    const first = (await ask(600 * 1024)).result!;
    expect(first.max_bytes).toBe(600 * 1024);
    expect((await ask(600 * 1024)).http).toBe(409);
    // The file that arrives is small: what counts now is its size.
    const put = await t.app.inject({ method: 'PUT', url: first.upload_url, payload: epub, headers: first.headers });
    expect(put.statusCode, put.body).toBe(200);
    const second = (await ask(600 * 1024)).result!;
    // More bytes than the token was asked for are refused.
    const over = await t.app.inject({
      method: 'PUT',
      url: second.upload_url,
      payload: Buffer.concat([epub, Buffer.alloc(600 * 1024)]),
      headers: second.headers,
    });
    expect(over.statusCode).toBe(400);
    expect(JSON.parse(over.body)).toMatchObject({ status: { code: '400', msg: '文件比申请上传时给出的大小（size）大，请重新选择文件' } });
    expect((await ask(600 * 1024)).http).toBe(409);
    // Imported, the first no longer waits: room for another.
    const { link, digest } = JSON.parse(put.body).result as { link: string; digest: string };
    const imported = await importEpub(t, reader.token, link, digest);
    expect(imported.task?.status).toBe('done');
    expect((await ask(400 * 1024)).code).toBe('200');
  });
});

describe('the uploads.expire job', () => {
  it('removes an upload never imported a token’s lifetime after it arrived, and keeps one an import has taken', async () => {
    t = await createTestApp();
    const reader = await t.createUser();
    const forgotten = await uploadEpub(t, reader.token, epub);
    const taken = await uploadEpub(t, reader.token, await buildEpub({ version: 3, title: 'Taken Book' }));
    expect(fs.existsSync(fileOf(forgotten.key))).toBe(true);
    const started = await t.call('book.uploadByLink', { link: taken.link, digest: taken.digest }, { token: reader.token });
    expect(started.code).toBe('200');
    // The import waits behind other work for a while.
    await t.db.kysely
      .updateTable('tasks')
      .set({ run_after: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString() })
      .where('id', '=', started.result!.task_id!)
      .execute();

    t.clock.advance(14 * MINUTE);
    await t.app.queueUploadExpiry();
    await t.app.jobs.drain();
    expect(fs.existsSync(fileOf(forgotten.key))).toBe(true);

    t.clock.advance(2 * MINUTE);
    const sweep = await t.app.queueUploadExpiry();
    expect(await t.app.jobs.drain()).toBe(1);
    expect((await t.call('task.show', { id: sweep.id }, { token: (await t.createUser({ role: 'super' })).token })).result).toMatchObject({
      status: 'done',
      result: { removed: 1 },
    });
    expect(fs.existsSync(fileOf(forgotten.key))).toBe(false);
    expect(await rowOf(forgotten.key)).toBeUndefined();
    const late = await t.call('book.uploadByLink', { link: forgotten.link, digest: forgotten.digest }, { token: reader.token });
    expect(late).toMatchObject({ http: 404, msg: '上传的文件不存在或已过期，请重新上传' });

    // The taken one is still there, and its import succeeds when its turn comes.
    expect(fs.existsSync(fileOf(taken.key))).toBe(true);
    expect((await rowOf(taken.key))?.claimed_at).not.toBeNull();
    t.clock.advance(61 * MINUTE);
    await t.app.jobs.drain();
    const task = (await t.call('task.show', { id: started.result!.task_id! }, { token: reader.token })).result!;
    expect(task.status, task.message ?? '').toBe('done');
    expect((await t.call('book.shelf', { offset: 0 }, { token: reader.token })).result!.list.map((e) => e.book.title)).toEqual(['Taken Book']);
    // Imported, the upload's work is done: file and row are gone, the book stays.
    expect(fs.existsSync(fileOf(taken.key))).toBe(false);
    expect(await rowOf(taken.key)).toBeUndefined();
  });

  it('is one task however many workers queue it at once', async () => {
    t = await createTestApp();
    const [a, b] = await Promise.all([t.app.queueUploadExpiry(), t.app.queueUploadExpiry()]);
    expect(a.id).toBe(b.id);
  });
});
