/**
 * A streamed answer a handler returns for an endpoint the contract marks `stream`: the text as
 * it arrives, then the final result. The handler returns it only after everything that can fail
 * early has been checked (input, quota, the provider accepting the request), so those failures
 * are still ordinary envelope responses.
 */
export class Streamed<T> {
  constructor(
    /** The answer's text, chunk by chunk. */
    readonly chunks: AsyncIterable<string>,
    /** The result, called once `chunks` is exhausted (e.g. after the answer was stored). */
    readonly result: () => Promise<T>,
  ) {}

  /** An answer already complete (cached or computed offline), sent as one chunk. */
  static of<T>(text: string, result: T): Streamed<T> {
    return new Streamed(
      (async function* () {
        if (text) yield text;
      })(),
      async () => result,
    );
  }
}
