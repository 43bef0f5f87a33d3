// Constants of the books calls with no zod, so the web client (client.ts) loads them without the schemas.

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
