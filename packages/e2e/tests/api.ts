import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { ADMIN, uniquePhone } from './helpers';

/** Logs in through the API and answers the token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/auth/login', { data: { username, password } });
  const body = await res.json();
  expect(body.status.code, body.status.msg).toBe('200');
  return body.result.token as string;
}

/**
 * A new reader, logged in in `context` the way a login leaves the browser: the server's
 * HttpOnly `bb_token` cookie and the page's `bb_uid`.
 */
export async function newReader(request: APIRequestContext, context: BrowserContext, baseURL: string) {
  const phone = uniquePhone();
  const res = await request.post('/auth/register_by_phone', { data: { phone, password: 'reading2026' } });
  const body = await res.json();
  expect(body.status.code, body.status.msg).toBe('200');
  await context.addCookies([
    { name: 'bb_token', value: body.result.token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'bb_uid', value: String(body.result.user.user_id), url: baseURL },
  ]);
  return { token: body.result.token as string, phone };
}

/** A published article written by the test, through the managers' API. */
export async function publishArticle(request: APIRequestContext, title: string, paragraphs: string[]): Promise<number> {
  const token = await apiLogin(request, ADMIN.phone, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/reader/article/create', {
    headers,
    data: { article: { title, paragraphs: paragraphs.map((text) => ({ kind: 'p', text })) } },
  });
  const body = await created.json();
  expect(body.status.code, body.status.msg).toBe('200');
  const id = body.result.id as number;
  const published = await request.post(`/reader/article/${id}/publish`, { headers, data: { status: 'published' } });
  expect((await published.json()).status.code).toBe('200');
  return id;
}
