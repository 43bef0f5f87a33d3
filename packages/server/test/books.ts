import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** Uploads through the token and the server's upload address; answers the link and digest. */
export async function uploadEpub(t: TestApp, token: string, data: Buffer) {
  // With its size, as the web app asks: that is what counts against the reader's pending cap.
  const tok = (await t.call('auth.uploadToken', { key: 'book.epub', size: data.length }, { token })).result!;
  const res = await t.app.inject({
    method: 'PUT',
    url: tok.upload_url,
    payload: data,
    headers: { 'content-type': 'application/epub+zip' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).result as { link: string; digest: string; key: string };
}

/** Starts an import, runs the queue, answers the finished task (null when the book was added at once). */
export async function importEpub(t: TestApp, token: string, link: string, digest: string) {
  const started = await t.call('book.uploadByLink', { link, digest }, { token });
  expect(started.code, started.msg).toBe('200');
  if (started.result!.task_id === null) return { book_id: started.result!.book_id!, task: null };
  await t.app.jobs.drain();
  const task = (await t.call('task.show', { id: started.result!.task_id }, { token })).result!;
  return { book_id: (task.result as { book_id?: number } | null)?.book_id ?? null, task };
}
