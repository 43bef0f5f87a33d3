import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|css|svg|json|webmanifest)$/;
/** Below this a file fits in a packet or two anyway (@fastify/static's own floor is 1 KB). */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every hashed text asset of the build,
 * compressed once at their best settings; the server sends the one a browser accepts
 * (`@fastify/static` `preCompressed`, server http/web-app.ts). The reader's route is ~106 KB
 * gzip against ~320 KB as built: on a phone's connection that is the difference. Only `assets/`
 * (hashed, immutable): a copy can never be staler than its file.
 */
export function precompress(): Plugin {
  return {
    name: 'changdu-precompress',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (!file.fileName.startsWith('assets/') || !TEXT.test(file.fileName)) continue;
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < MIN_BYTES) continue;
          const brotli = zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          });
          this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: brotli });
          this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }) });
        }
      },
    },
  };
}
