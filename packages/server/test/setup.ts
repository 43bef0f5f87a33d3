// Tests never reach the internet: outbound fetch is allowed only to this machine (local fakes).
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`test tried to reach ${url.origin}: outbound HTTP must go to a local fake`);
  }
  return realFetch(input, init);
}) as typeof fetch;
