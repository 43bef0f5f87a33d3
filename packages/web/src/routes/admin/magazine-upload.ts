import { call, unwrap } from '../../api/client';

/**
 * Sends a file with an upload token (`GET /auth/upload_token`): to the server's own upload
 * address or straight to the bucket, as the token says. Answers the file's `upload:` link.
 */
export async function uploadWithToken(file: File): Promise<string> {
  const token = await unwrap(call('auth.uploadToken', { key: file.name, size: file.size }));
  const local = token.upload_url.startsWith('/');
  const res = await fetch(token.upload_url, {
    method: token.method,
    headers: token.headers,
    body: file,
    credentials: local ? 'same-origin' : 'omit',
  });
  if (!res.ok) {
    let msg = `上传失败（HTTP ${res.status}）`;
    if (local) {
      try {
        msg = ((await res.json()) as { status?: { msg?: string } }).status?.msg ?? msg;
      } catch {
        // not the envelope: keep the generic message
      }
    }
    throw new Error(msg);
  }
  return token.link;
}
