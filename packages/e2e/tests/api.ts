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

/** Calls the API as `token` (or as nobody) and answers its result, failing on any answer but 200. */
export async function call<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string | null,
  method: 'GET' | 'POST',
  path: string,
  data?: Record<string, unknown>,
): Promise<T> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const res =
    method === 'GET'
      ? await request.get(path, { headers, params: data as Record<string, string | number> | undefined })
      : await request.post(path, { headers, data: data ?? {} });
  const body = (await res.json()) as { status: { code: string; msg: string }; result: T };
  expect(body.status.code, `${method} ${path}: ${body.status.msg}`).toBe('200');
  return body.result;
}

/** A reader registered through the API: the token and id a browser context is logged in with (`logInContext`). */
export async function registerReader(request: APIRequestContext): Promise<{ token: string; userId: number; phone: string }> {
  const phone = uniquePhone();
  const result = await call<{ token: string; user: { user_id: number } }>(request, null, 'POST', '/auth/register_by_phone', {
    phone,
    password: 'reading2026',
  });
  return { token: result.token, userId: result.user.user_id, phone };
}

/** Logs `context` in as a session the API gave, the way a login leaves the browser. */
export async function logInContext(context: BrowserContext, baseURL: string, session: { token: string; userId: number }): Promise<void> {
  await context.addCookies([
    { name: 'bb_token', value: session.token, url: baseURL, httpOnly: true, sameSite: 'Lax' },
    { name: 'bb_uid', value: String(session.userId), url: baseURL },
  ]);
}

/** The super user's session (ADMIN), through the API. */
export async function adminSession(request: APIRequestContext): Promise<{ token: string; userId: number }> {
  const result = await call<{ token: string; user: { user_id: number } }>(request, null, 'POST', '/auth/login', {
    username: ADMIN.phone,
    password: ADMIN.password,
  });
  return { token: result.token, userId: result.user.user_id };
}

/** Uploads an EPUB as `token` the way the web app does (a token, then the bytes): answers its `upload:` link. */
export async function uploadEpub(request: APIRequestContext, token: string, bytes: Buffer): Promise<{ link: string; digest: string }> {
  const ticket = await call<{ upload_url: string; headers: Record<string, string> }>(request, token, 'GET', '/auth/upload_token', {
    key: 'book.epub',
    size: bytes.length,
  });
  const res = await request.put(ticket.upload_url, { headers: { ...ticket.headers, 'content-type': 'application/epub+zip' }, data: bytes });
  const body = (await res.json()) as { status: { code: string; msg: string }; result: { link: string; digest: string } };
  expect(body.status.code, body.status.msg).toBe('200');
  return body.result;
}

/** Imports an uploaded EPUB into `token`'s shelf and waits for the import: answers the book's id. */
export async function importBook(request: APIRequestContext, token: string, bytes: Buffer): Promise<number> {
  const { link, digest } = await uploadEpub(request, token, bytes);
  const started = await call<{ task_id: number | null; book_id: number | null }>(request, token, 'POST', '/reader/book/upload_by_link', {
    link,
    digest,
  });
  if (started.book_id) return started.book_id;
  let bookId: number | undefined;
  await expect
    .poll(
      async () => {
        const task = await call<{ status: string; result: { book_id?: number } | null }>(
          request,
          token,
          'GET',
          `/reader/task/${started.task_id}`,
        );
        bookId = task.result?.book_id;
        return task.status;
      },
      { timeout: 30_000 },
    )
    .toBe('done');
  return bookId!;
}

/**
 * A reader's order waiting to be paid by hand: a manager first sets the payee, the account and the
 * contact (without them the buy page offers no payment). Answers the order number.
 */
export async function pendingManualOrder(request: APIRequestContext, adminToken: string, readerToken: string): Promise<string> {
  await call(request, adminToken, 'POST', '/api/appinfo/manual_pay/save', {
    payee: '畅读工作室',
    account: '招商银行 6222 0000 1234',
    contact: '微信 changdu-help',
  });
  const products = await call<{ list: { id: number }[] }>(request, null, 'GET', '/api/member/product');
  const order = await call<{ order: { order_no: string } }>(request, readerToken, 'POST', '/api/member/pay/order', {
    product_id: products.list[0]!.id,
    provider: 'manual',
  });
  return order.order.order_no;
}
