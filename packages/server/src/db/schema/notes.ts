import type { Generated } from 'kysely';

/** Readers' notes and highlights on articles (modules/notes). */
export interface NotesTables {
  article_notes: ArticleNotesTable;
}

export interface ArticleNotesTable {
  id: Generated<number>;
  user_id: number;
  article_id: number;
  note_uuid: string;
  text: string;
  comment: string;
  root: string;
  tag: string | null;
  color: string;
  /** JSON: where in the paragraph the note sits. */
  data: string;
  is_public: number;
  created_at: string;
  updated_at: string;
}
