import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { clientKey, flag, freeJsonObject, id, int, limit, offset, optionalText, page, text } from '../fields.js';
import { articleLevels, examLevels } from './articles.shared.js';
import { levelWordSchema, noteColors } from './reader.endpoints.js';
import { reviewCardSchema } from './words.endpoints.js';
import { okResult } from './shared.js';
export * from '../books-constants.js';
import { UPLOAD_TOKEN_MINUTES } from '../books-constants.js';

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

export const bookStatuses = ['private', 'published'] as const;

export const bookCardSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  language: z.string().nullable(),
  /** A cover image URL, or null (the client draws a placeholder). */
  cover: z.string().nullable(),
  level: z.enum(articleLevels),
  word_count: z.number().int(),
  chapter_count: z.number().int(),
  status: z.enum(bookStatuses),
  published_at: z.string().nullable(),
  created_at: z.string(),
});
export type BookCard = z.infer<typeof bookCardSchema>;

/** One line of the table of contents; nesting is `depth` (0 = top level), in reading order. */
export const tocLineSchema = z.object({
  title: z.string(),
  chapter: z.number().int().nullable(),
  anchor: z.string().nullable(),
  /** The id of the paragraph `anchor` opens at (resolved at import; null for a chapter's top or an older import). */
  paragraph: z.string().nullable(),
  depth: z.number().int(),
});
export type TocLine = z.infer<typeof tocLineSchema>;

/**
 * A reading position (docs/books.md): the chapter (0-based), the paragraph and sentence ids of
 * the article structure at the top of the screen, and how far through the chapter (0–1).
 * `at` is the reading device's time: the server keeps the newest position by `at`.
 */
export const bookPosSchema = z.object({
  chapter: z.number().int(),
  paragraph: z.string().nullable(),
  sentence: z.string().nullable(),
  fraction: z.number(),
  at: z.string(),
});
export type BookPos = z.infer<typeof bookPosSchema>;

export const shelfEntrySchema = z.object({
  book: bookCardSchema,
  pos: bookPosSchema.nullable(),
  /** 0–1 through the whole book. */
  progress: z.number(),
  read_seconds: z.number().int(),
  added_at: z.string(),
  last_read_at: z.string().nullable(),
});
export type ShelfEntry = z.infer<typeof shelfEntrySchema>;

export const levelWordCountsSchema = z.record(z.enum(examLevels), z.number().int());

export const bookChapterInfoSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  word_count: z.number().int(),
  level: z.enum(articleLevels),
  level_words: levelWordCountsSchema,
});

export const bookDetailSchema = bookCardSchema.extend({
  description: z.string().nullable(),
  toc: z.array(tocLineSchema),
  chapters: z.array(bookChapterInfoSchema),
  /** My shelf entry, null when the book is not on my shelf (or I am not logged in). */
  mine: shelfEntrySchema.omit({ book: true }).nullable(),
  /** I uploaded it. */
  uploaded_by_me: z.boolean(),
});
export type BookDetail = z.infer<typeof bookDetailSchema>;

export const paragraphSchemaLoose = z.object({
  id: z.string(),
  kind: z.enum(['p', 'h2', 'h3', 'blockquote', 'li', 'figure']),
  html: z.string(),
  text: z.string(),
  sentences: z.array(z.object({ id: z.string(), text: z.string() })),
  zh: z.string().nullable(),
});

export const bookChapterSchema = bookChapterInfoSchema.extend({
  book_id: z.number().int(),
  chapter_count: z.number().int(),
  paragraphs: z.array(paragraphSchemaLoose),
});
export type BookChapter = z.infer<typeof bookChapterSchema>;

export const bookNoteSchema = z.object({
  id: z.number().int(),
  note_uuid: z.string(),
  book_id: z.number().int(),
  chapter: z.number().int(),
  text: z.string(),
  comment: z.string(),
  root: z.string(),
  tag: z.string().nullable(),
  color: z.enum(noteColors),
  data: z.unknown(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BookNote = z.infer<typeof bookNoteSchema>;

const bookId = id('书 id');
const noteUuid = clientKey('笔记标识');
const chapterIndex = int('章节', {
  min: 0,
  max: 10_000,
  msg: { type: '章节必须是数字', int: '章节必须是整数', min: '章节不能为负数', max: '章节不存在' },
});

/** A book I noted, with my notes in it in reading order (for 我的笔记). */
export const notedBookSchema = z.object({
  book: bookCardSchema,
  note_count: z.number().int(),
  last_noted_at: z.string(),
  notes: z.array(bookNoteSchema),
});
export type NotedBook = z.infer<typeof notedBookSchema>;

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
  'book.uploadByLink': endpoint({
    method: 'POST',
    path: '/reader/book/upload_by_link',
    role: 'user',
    summary:
      '导入 EPUB：link 为上传得到的 upload:… 链接或网址，digest 为文件的 SHA-256（给出时必须相符；同一本书只存一份，加入你的书架）；导入是后台任务',
    input: z.object({
      link: text('链接', { max: 2000 }),
      digest: text('digest', { max: 64 })
        .transform((v) => v.toLowerCase())
        .pipe(z.string().regex(/^[a-f0-9]{64}$/, { error: 'digest 必须是文件的 SHA-256（64 位十六进制）' }))
        .optional(),
    }),
    output: z.object({
      /** The import task to watch (`/reader/task/{id}`), or null when the book was already there. */
      task_id: z.number().int().nullable(),
      /** The book, when it was already there (now on my shelf). */
      book_id: z.number().int().nullable(),
    }),
    rateLimit: [{ by: 'ip', max: 30, windowSec: 3600 }],
  }),
  'book.library': endpoint({
    method: 'GET',
    path: '/reader/book',
    role: 'anonymous',
    summary: '书库：管理员发布的书，最新发布在前',
    input: z.object({ offset }),
    output: page(bookCardSchema),
  }),
  'book.manage': endpoint({
    method: 'GET',
    path: '/reader/book/manage',
    role: 'manager',
    summary: '管理：全部书（含未发布的上传），最新在前；status 筛选',
    input: z.object({ offset, status: z.enum(bookStatuses, { error: '状态只能是 private 或 published' }).optional() }),
    output: page(bookCardSchema.extend({ uploader: z.string().nullable() })),
  }),
  'book.publish': endpoint({
    method: 'POST',
    path: '/reader/book/{id}/publish',
    role: 'manager',
    summary: '把书发布到书库（cancel 为 true 时撤回，书回到上传者和已加入书架的读者手中）',
    input: z.object({ id: bookId, cancel: flag('cancel').default(false) }),
    output: bookCardSchema,
  }),
  'book.show': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/show',
    role: 'anonymous',
    summary: '书的详情：信息、目录、各章难度、我的进度',
    input: z.object({ id: bookId }),
    output: bookDetailSchema,
  }),
  'book.chapter': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/chapter/{chapter}',
    role: 'anonymous',
    summary: '一章的正文（段落与句子有稳定的 id，与文章相同）',
    input: z.object({ id: bookId, chapter: chapterIndex }),
    output: bookChapterSchema,
  }),
  'book.levelWords': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/chapter/{chapter}/level_words',
    role: 'anonymous',
    cache: { maxAge: 60 },
    summary: '一章中超出所选级别（C4/C6/L4/L8/IELTS）的词及释义（与文章的 level_words 相同）',
    input: z.object({
      id: bookId,
      chapter: chapterIndex,
      level: z.enum(examLevels, { error: '级别只能是 C4、C6、L4、L8 或 IELTS' }),
    }),
    output: z.object({ level: z.enum(examLevels), list: z.array(levelWordSchema) }),
  }),
  'book.chapterWords': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/chapter/{chapter}/mywords',
    role: 'user',
    summary: '生词本中在这一章里出现的词（与文章的 review/article 相同，用于划词本下划线）',
    input: z.object({ id: bookId, chapter: chapterIndex, offset, size: limit(20, 200, 'size').optional() }),
    output: page(reviewCardSchema.extend({ forms: z.array(z.string()) })),
  }),
  'book.shareImage': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/share_image',
    role: 'anonymous',
    cookieAuth: true,
    summary: '书的分享图 PNG（750×1334）：封面、书名、作者、我的进度、一句引文（note_uuid 用我的划线）与二维码',
    input: z.object({ id: bookId, note_uuid: noteUuid.optional() }),
    output: z.custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array),
    produces: 'image/png',
  }),
  'book.notedBooks': endpoint({
    method: 'GET',
    path: '/reader/book/mynote',
    role: 'user',
    summary: '我做过笔记的书，最近在前，每本带我的笔记（按章节与位置）',
    input: z.object({ offset }),
    output: page(notedBookSchema),
  }),
  'book.shelf': endpoint({
    method: 'GET',
    path: '/reader/mybook',
    role: 'user',
    summary: '我的书架：最近读的在前，带进度',
    input: z.object({ offset }),
    output: page(shelfEntrySchema),
  }),
  'book.shelfEntry': endpoint({
    method: 'GET',
    path: '/reader/mybook/{id}',
    role: 'user',
    summary: '书架上的一本书（id 为书 id）与阅读位置',
    input: z.object({ id: bookId }),
    output: shelfEntrySchema,
  }),
  'book.add': endpoint({
    method: 'POST',
    path: '/reader/mybook/add',
    role: 'user',
    summary: '把书加入书架（已在书架上时不变）',
    input: z.object({ book_uuid: text('book_uuid', { max: 40 }) }),
    output: shelfEntrySchema,
  }),
  'book.remove': endpoint({
    method: 'POST',
    path: '/reader/mybook/{id}/remove',
    role: 'user',
    summary: '从书架移除（id 为书 id；书本身和笔记都还在）',
    input: z.object({ id: bookId }),
    output: okResult,
  }),
  'book.pos': endpoint({
    method: 'POST',
    path: '/reader/mybook/{id}/pos',
    role: 'user',
    summary: '保存阅读位置 {chapter, paragraph, sentence, fraction, at}；比已存位置旧（按 at）的写入不改变位置',
    input: z.object({
      id: bookId,
      pos: z.object(
        {
          chapter: chapterIndex,
          paragraph: optionalText('段落标识', 40).nullable(),
          sentence: optionalText('句子标识', 48).nullable(),
          fraction: z
            .number({ error: 'fraction 必须是 0–1 的数字' })
            .min(0, { error: 'fraction 必须是 0–1 的数字' })
            .max(1, { error: 'fraction 必须是 0–1 的数字' }),
          at: z.iso.datetime({ error: 'at 必须是 ISO 时间', offset: true }).optional(),
        },
        { error: '位置格式不正确' },
      ),
    }),
    output: shelfEntrySchema.extend({ /** False when a newer position was already stored. */ moved: z.boolean() }),
  }),
  'book.notesMine': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/mynote',
    role: 'user',
    summary: '我在这本书的划线和笔记，按章节和位置',
    input: z.object({ id: bookId }),
    output: z.object({ list: z.array(bookNoteSchema) }),
  }),
  'book.noteAdd': endpoint({
    method: 'POST',
    path: '/reader/book/{id}/note/add',
    role: 'user',
    summary: '添加或修改（按 note_uuid）书中的划线与笔记，锚定在章节与段落 id 上',
    input: z.object({
      id: bookId,
      note_uuid: noteUuid,
      chapter: chapterIndex,
      text: text('划线内容', { max: 2000 }),
      comment: z.string({ error: '笔记内容格式不正确' }).trim().max(2000, { error: '笔记内容不能超过 2000 个字符' }).default(''),
      root: text('段落标识', { max: 40 }),
      tag: optionalText('标签', 20),
      color: z.enum(noteColors, { error: '颜色不在可选范围内' }).default('yellow'),
      data: freeJsonObject('位置数据', { maxBytes: 2048, tooLarge: '位置数据太大' }).optional(),
    }),
    output: bookNoteSchema,
  }),
  'book.noteDelete': endpoint({
    method: 'POST',
    path: '/reader/book/notes/{id}/delete',
    role: 'user',
    summary: '删除我在这本书（id）的一条笔记',
    input: z.object({ id: bookId, note_uuid: noteUuid }),
    output: okResult,
  }),
  'book.historyToken': endpoint({
    method: 'GET',
    path: '/reader/book/{id}/history/t',
    role: 'user',
    summary: '开始读一本书：领取签名的阅读凭证 t（与文章相同的规则）',
    input: z.object({ id: bookId }),
    output: z.object({ t: z.string(), expires_in: z.number().int() }),
  }),
  'book.history': endpoint({
    method: 'POST',
    path: '/reader/book/{id}/history',
    role: 'user',
    summary: '上报读书时长（秒），需凭证 t 与请求签名；计入每日阅读时长',
    input: z.object({
      id: bookId,
      spent_time: int('阅读时长', { min: 1, max: 3600, msg: { min: '阅读时长至少 1 秒', max: '一次最多上报 3600 秒' } }),
      t: text('阅读凭证', { max: 400 }),
    }),
    output: z.object({ credited: z.number().int(), read_seconds: z.number().int() }),
  }),
} as const;
