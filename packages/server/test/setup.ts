import { runAtFileEnd } from './file-end.js';

// Tests never reach the internet: outbound fetch is allowed only to this machine (local fakes).
// Wrapped once per process: with `isolate: false` this file runs again before each test file.
const realFetch: typeof fetch = ((globalThis as { realFetch?: typeof fetch }).realFetch ??= globalThis.fetch);
globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`test tried to reach ${url.origin}: outbound HTTP must go to a local fake`);
  }
  return realFetch(input, init);
}) as typeof fetch;

// What test helpers left in the background (test databases being dropped) is awaited once per file.
runAtFileEnd();
