import type { Generated } from 'kysely';

/** Books (issue 14): the library, chapters, shelves and book notes. */
export interface BooksTables {
  books: BooksTable;
  book_chapters: BookChaptersTable;
  book_shelf: BookShelfTable;
  book_notes: BookNotesTable;
  uploads: UploadsTable;
}

export interface BooksTable {
  id: Generated<number>;
  uuid: string;
  digest: string;
  title: string;
  author: string | null;
  language: string | null;
  description: string | null;
  /** An image name served by /api/image/{name}. */
  cover: string | null;
  /** JSON: the flat table of contents `[{title, chapter, anchor, depth}]`. */
  toc: string;
  chapter_count: number;
  word_count: number;
  level: string;
  /** Storage key of the EPUB file. */
  file_key: string | null;
  /** Where it came from: a web address, `upload`, or `demo`. */
  source: string | null;
  /** `private` (its uploader and shelves only) or `published` (the library). */
  status: string;
  uploaded_by: number | null;
  published_at: string | null;
  created_at: string;
  updated_at: string;
}
export interface BookChaptersTable {
  book_id: number;
  idx: number;
  title: string;
  /** JSON: Paragraph[] (the article structure). */
  content: string;
  word_count: number;
  level: string;
  /** JSON: `{C4: n, C6: n, …}` words beyond each exam level. */
  level_words: string;
}
export interface BookShelfTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  /** JSON: the reading position (docs/books.md). */
  pos: string | null;
  pos_at: string | null;
  progress: number;
  read_seconds: number;
  added_at: string;
  last_read_at: string | null;
}
export interface BookNotesTable {
  id: Generated<number>;
  user_id: number;
  book_id: number;
  note_uuid: string;
  chapter: number;
  text: string;
  comment: string;
  root: string;
  tag: string | null;
  color: string;
  data: string;
  created_at: string;
  updated_at: string;
}

/** A file an upload token lets its holder put, from the token until it is imported or expires. */
export interface UploadsTable {
  /** The storage key, `uploads/<user id>/<24 hex>.<ext>`. */
  key: string;
  user_id: number;
  kind: string;
  /** What the token may bring (the size given, else the kind's limit) until the bytes arrive; then their size. */
  bytes: number;
  received_at: string | null;
  /** When an import took the file: no longer pending, kept for the import. */
  claimed_at: string | null;
  /** After this the `uploads.expire` job removes the file and the row. */
  expires_at: string;
  created_at: string;
}
