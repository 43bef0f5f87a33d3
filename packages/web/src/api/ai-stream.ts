import { Codes, NETWORK_ERROR_MSG, endpoints, type EndpointName, type Envelope } from '@changdu/contract';
import { createParser } from 'eventsource-parser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { identityHeaders, requestInit, type Input, type Output } from './client';

/** The endpoints the contract marks as streamed (server-sent events). */
export type StreamedEndpointName = {
  [N in EndpointName]: (typeof endpoints)[N] extends { stream: unknown } ? N : never;
}[EndpointName];

/**
 * Calls a streamed endpoint: `onChunk` gets the text as it arrives, the promise the final
 * envelope (`done`), or the error envelope (sent before the stream starts, or as `error`).
 * Never throws except when `signal` aborted it.
 */
export async function callStream<N extends EndpointName>(
  name: N,
  input: Input<N>,
  onChunk: (text: string) => void,
  signal?: AbortSignal,
): Promise<Envelope<Output<N>>> {
  const headers: Record<string, string> = { ...identityHeaders(), Accept: 'text/event-stream' };
  const init: RequestInit = { method: endpoints[name].method, headers, credentials: 'same-origin', signal };
  const target = requestInit(name, input, headers, init);
  const fail = (code: string, msg: string) => ({ status: { code, msg }, result: null }) as Envelope<Output<N>>;
  let response: Response;
  try {
    response = await fetch(target, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    return fail('', NETWORK_ERROR_MSG);
  }
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    // An error before the stream started: the ordinary envelope.
    const body = (await response.json().catch(() => null)) as Envelope<Output<N>> | null;
    return body?.status ? body : fail('', NETWORK_ERROR_MSG);
  }
  let final: Envelope<Output<N>> | null = null;
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'chunk') onChunk((JSON.parse(event.data) as { text: string }).text);
      else if (event.event === 'done' || event.event === 'error') final = JSON.parse(event.data) as Envelope<Output<N>>;
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    return fail('', NETWORK_ERROR_MSG);
  }
  return final ?? fail('', NETWORK_ERROR_MSG);
}

export interface StreamState<T> {
  text: string;
  result: T | null;
  error: { code: string; msg: string } | null;
  running: boolean;
}

/** A streamed call's state for a screen: text grows as it arrives; a new start or unmount cancels the last. */
export function useStream<N extends EndpointName>(name: N) {
  const [state, setState] = useState<StreamState<Output<N>>>({ text: '', result: null, error: null, running: false });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const start = useCallback(
    async (input: Input<N>) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setState({ text: '', result: null, error: null, running: true });
      try {
        const envelope = await callStream(name, input, (chunk) => setState((s) => ({ ...s, text: s.text + chunk })), controller.signal);
        if (controller.signal.aborted) return null;
        if (envelope.status.code === Codes.OK) {
          setState((s) => ({ ...s, result: envelope.result, running: false }));
          return envelope.result;
        }
        setState((s) => ({ ...s, error: envelope.status, running: false }));
      } catch {
        // Cancelled: a newer call or the screen went away.
      }
      return null;
    },
    [name],
  );
  const reset = useCallback(() => {
    abort.current?.abort();
    setState({ text: '', result: null, error: null, running: false });
  }, []);
  return { ...state, start, reset };
}
