import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { int, text } from '../fields.js';

/**
 * What may be uploaded with an upload token: the kind follows the file name's extension, and
 * the bytes must look like it where they arrive (ZIP with the EPUB mimetype, or `%PDF-`).
 */
export const uploadKinds = {
  epub: { ext: '.epub', contentType: 'application/epub+zip', maxBytes: 50 * 1024 * 1024, label: 'EPUB 电子书' },
  pdf: { ext: '.pdf', contentType: 'application/pdf', maxBytes: 100 * 1024 * 1024, label: 'PDF 文件' },
} as const;
export type UploadKind = keyof typeof uploadKinds;

/** Minutes an upload token lives. */
export const UPLOAD_TOKEN_MINUTES = 15;

export const uploadTokenSchema = z.object({
  /** The storage key the file will have; pass it as `link` to `upload_by_link`. */
  key: z.string(),
  /** `upload:<key>`: what `upload_by_link` (and a magazine upload) takes as the uploaded file's link. */
  link: z.string(),
  kind: z.enum(['epub', 'pdf']),
  /** Where to send the bytes: the server's own `/api/upload?token=…` (local storage) or a presigned bucket URL. */
  upload_url: z.string(),
  method: z.literal('PUT'),
  /** Headers the upload must carry (the bucket checks the signed ones). */
  headers: z.record(z.string(), z.string()),
  max_bytes: z.number().int(),
  expires_at: z.string(),
});
export type UploadToken = z.infer<typeof uploadTokenSchema>;

/** The answer of the server's own upload address (`PUT /api/upload?token=…`). */
export const uploadedFileSchema = z.object({
  key: z.string(),
  link: z.string(),
  size: z.number().int(),
  /** SHA-256 of the bytes, hex. */
  digest: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const booksEndpoints = {
  'auth.uploadToken': endpoint({
    method: 'GET',
    path: '/auth/upload_token',
    role: 'user',
    summary: `上传一个文件的短期许可（${UPLOAD_TOKEN_MINUTES} 分钟）：key 为文件名（.epub 或 .pdf），size 为字节数（存储桶上传时必填）`,
    input: z.object({
      key: text('文件名', { max: 200 }).regex(/\.(epub|pdf)$/i, { error: '只能上传 .epub 或 .pdf 文件' }),
      size: int('文件大小', { min: 1, msg: { min: '文件是空的' } }).optional(),
    }),
    output: uploadTokenSchema,
    rateLimit: [{ by: 'ip', max: 60, windowSec: 3600 }],
  }),
} as const;
