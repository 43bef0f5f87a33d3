import { satisfies, type Role } from '@changdu/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Actor } from './actor.js';

/**
 * Who may do what: the one place the server decides it (docs/architecture.md, "One place per
 * rule"). Services load the subject and ask `can`; repos that list articles filter with
 * `articlesWhere`, the same rule written in SQL. A refusal is the caller's to word (a draft is
 * answered as a missing id, so ids cannot be probed).
 */

/**
 * Anyone the policy judges: a request's caller, the system acting for a job or a signed link, or
 * a bare role (lists filtered for a role: it owns nothing, so rules on owned things refuse it).
 */
export type Who = Actor | SystemActor | { kind?: undefined; role: Role };

/**
 * Work the server does on its own authority: a queued job a manager or reader already had the
 * right to start, or a signed link whose role was checked when it was issued. Never built from
 * a request; the role is the one the job or link carries (`super` for jobs).
 */
export interface SystemActor {
  kind: 'system';
  role: Role;
  /** What the system is doing, for logs and for a reader of the code. */
  reason: string;
}

/** The system acting for a queued job: sees what a super user sees. */
export const JOB_ACTOR: SystemActor = Object.freeze({ kind: 'system', role: 'super', reason: 'a queued job' });

/** The system serving a signed link issued to a caller of `role` (an audio file link). */
export const linkActor = (role: Role): SystemActor => ({ kind: 'system', role, reason: 'a signed link' });

/** A manager or super user (editors of articles, magazines, books and collections). */
export const isManager = (who: { role: Role }): boolean => satisfies(who.role, 'manager');
/** A member (or anyone above): members-only text is theirs. */
export const isMember = (who: { role: Role }): boolean => satisfies(who.role, 'member');

const userId = (who: Who): number | null => (who.kind === 'user' ? who.user.id : null);


/** How much of a members-only article a non-member reads: a third, at least two paragraphs. */
export function previewLength(total: number): number {
  return Math.min(total, Math.max(2, Math.ceil(total / 3)));
}

export interface ArticleSubject {
  kind: 'article';
  status: string;
  is_lock: number;
}
export interface MagazineSubject {
  kind: 'magazine';
  status: string;
}
export interface BookSubject {
  kind: 'book';
  status: string;
  uploaded_by: number | null;
  /** Whether the book is on the caller's shelf (a private upload shared by its uuid). */
  shelved: boolean;
}
export interface CollectionSubject {
  kind: 'collection';
  is_published: number;
  owner_id: number;
}
/** A reader's own thing: an order, a task (and the file it made), a note, an AI question. */
export interface OwnedSubject {
  kind: 'order' | 'task' | 'file' | 'note' | 'ask';
  owner_id: number | null;
}

export type Subject = ArticleSubject | MagazineSubject | BookSubject | CollectionSubject | OwnedSubject;

/**
 * Actions per subject:
 * - article `open`: see it at all (a published one, anyone; any other status, managers);
 * - article `readFull`: read every paragraph (open, and not members-only or a member): the
 *   reader page's whole text, its audio and PDF;
 * - article `quote`: have its text quoted elsewhere (search snippets, AI examples, stored
 *   translations): published, and not members-only or a member: drafts are never quoted;
 * - article `export`: put it in an export (open; a non-member's export holds the preview);
 * - magazine, book `open`; collection `open`, `edit`; owned things `view` (owner, or a manager
 *   for orders and tasks), `edit` (owner only).
 */
export type Action = 'open' | 'readFull' | 'quote' | 'export' | 'edit' | 'view';

export function can(who: Who, action: Action, subject: Subject): boolean {
  switch (subject.kind) {
    case 'article': {
      const open = subject.status === 'published' || isManager(who);
      const whole = subject.is_lock !== 1 || isMember(who);
      if (action === 'open' || action === 'export') return open;
      if (action === 'readFull') return open && whole;
      if (action === 'quote') return subject.status === 'published' && whole;
      return false;
    }
    case 'magazine':
      return action === 'open' && (subject.status === 'published' || isManager(who));
    case 'book': {
      if (action !== 'open') return false;
      if (subject.status === 'published' || isManager(who)) return true;
      return who.kind === 'user' && (subject.uploaded_by === who.user.id || subject.shelved);
    }
    case 'collection': {
      const owner = userId(who) === subject.owner_id;
      if (action === 'open') return subject.is_published === 1 || owner || isManager(who);
      if (action === 'edit') return owner || isManager(who);
      return false;
    }
    default: {
      const owner = subject.owner_id !== null && userId(who) === subject.owner_id;
      // Managers look into orders and tasks to help readers; notes, files and questions stay the reader's.
      const managed = subject.kind === 'order' || subject.kind === 'task';
      if (action === 'view') return owner || (managed && isManager(who));
      if (action === 'edit') return owner;
      return false;
    }
  }
}

/**
 * `can(who, action, article)` in SQL, for repos that list or quote articles: a where-clause on
 * the `articles` table (or the alias given). `open` lists only published articles for everyone
 * but managers; `quote` also leaves out members-only articles for non-members.
 */
export function articlesWhere(who: Who, action: 'open' | 'quote', table = 'articles'): RawBuilder<SqlBool> {
  const status = sql.ref(`${table}.status`);
  const lock = sql.ref(`${table}.is_lock`);
  if (action === 'open') return isManager(who) ? sql<SqlBool>`1 = 1` : sql<SqlBool>`${status} = 'published'`;
  return isMember(who) ? sql<SqlBool>`${status} = 'published'` : sql<SqlBool>`${status} = 'published' and ${lock} = 0`;
}
