import { ownedBytes } from './owned-bytes.js';

/** The start of a successful envelope, up to its result. */
const OK_PREFIX = '{"status":{"code":"200","msg":"ok"},"result":';

/**
 * An answer a service has already serialised: the envelope's `result` as JSON text, and the
 * validator a conditional GET compares (`If-None-Match` → `304`). The reader's article is
 * served this way from a cache (articles.service#show), so a repeat open costs no query of the
 * body, no mapping and no serialisation. Registered routes send it as is; under
 * `checkOutputs` they still parse it against the contract (http/register-endpoints.ts).
 */
export class PreparedJson {
  #bytes: Buffer | null = null;

  constructor(
    /** The result as JSON text. */
    readonly json: string,
    /** A strong entity tag (quoted), changed whenever the text can change. */
    readonly etag: string,
  ) {}

  /** The whole envelope as bytes, encoded once: an answer kept in a cache is sent without copying per request. */
  get envelope(): Buffer {
    this.#bytes ??= ownedBytes(`${OK_PREFIX}${this.json}}`);
    return this.#bytes;
  }
}
