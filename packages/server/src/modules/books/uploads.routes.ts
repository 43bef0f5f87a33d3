import { ok } from '@changdu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { closeAfterAnswer } from '../../http/close-after-answer.js';
import type { UploadsService } from './uploads.service.js';

/**
 * The server's own upload address for local storage: `PUT /api/upload?token=…` with the raw
 * file as the body (any content type: the bytes are checked, not the header). Fastify's body
 * parsers are bypassed in this route's own scope, so the file streams through `receive` and is
 * never buffered beyond its kind's limit. Answers the envelope with `{key, link, size, digest}`;
 * a refusal answers its envelope first and then closes the connection (http/close-after-answer.ts).
 */
export function registerUploadRoute(app: FastifyInstance, uploads: UploadsService): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const token = (req.query as Record<string, unknown>).token;
      const length = Number(req.headers['content-length']);
      try {
        const result = await uploads.receive(
          typeof token === 'string' ? token : undefined,
          req.raw,
          Number.isFinite(length) && req.headers['content-length'] !== undefined ? length : null,
        );
        return reply.header('cache-control', 'no-store').send(ok(result));
      } catch (error) {
        // The rest of a refused body is not worth reading (it may be 50 MB, or never end).
        closeAfterAnswer(req.raw, reply);
        throw error;
      }
    };
    scope.put('/api/upload', { bodyLimit: 200 * 1024 * 1024 }, handler);
    scope.post('/api/upload', { bodyLimit: 200 * 1024 * 1024 }, handler);
  });
}
