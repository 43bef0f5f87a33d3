import { endpoints, type EndpointName } from '@changdu/contract';
import { identityHeaders, type Input } from '../../api/client';

/** Calls an endpoint that answers an image (POST), as a blob URL; the error message of the envelope otherwise. */
export async function imageFrom<N extends EndpointName>(name: N, input: Input<N>): Promise<string> {
  const ep = endpoints[name];
  const res = await fetch(ep.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...identityHeaders(), 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!res.ok || !res.headers.get('content-type')?.startsWith('image/')) {
    let msg = '图片生成失败';
    try {
      msg = ((await res.json()) as { status: { msg: string } }).status.msg || msg;
    } catch {
      /* not an envelope */
    }
    throw new Error(msg);
  }
  return URL.createObjectURL(await res.blob());
}
