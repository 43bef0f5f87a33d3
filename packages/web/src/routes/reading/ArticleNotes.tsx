import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Codes, formatArticleNotes, type Note, type Paragraph } from '@changdu/contract';
import { useArticle } from '../../api/articles.queries';
import { useNotesOfArticle } from '../../api/reader.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { ReadingCard } from '../../components/ReadingList';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { copyText } from '../../lib/clipboard';
import { formatRelative } from '../../lib/format';
import { toast } from '../../lib/toast';
import { inReadingOrder } from '../../features/reader/notes';
import '../../styles/reading-screens.css';
import '../../styles/reading-tools.css';
import '../../styles/reading-sheets.css';

/** /mynote/{id}: my notes on one article, grouped by paragraph in reading order, to copy or revisit. */
export function ArticleNotes() {
  return (
    <RequireLogin>
      <ArticleNotesScreen />
    </RequireLogin>
  );
}

interface Group {
  root: string;
  /** 1-based paragraph number; null when the paragraph is no longer in the article. */
  number: number | null;
  notes: Note[];
}

function groupByParagraph(notes: Note[], paragraphs: Paragraph[]): Group[] {
  const index = new Map(paragraphs.map((p, i) => [p.id, i]));
  const groups: Group[] = [];
  for (const note of inReadingOrder(notes, paragraphs)) {
    const last = groups[groups.length - 1];
    if (last && last.root === note.root) last.notes.push(note);
    else groups.push({ root: note.root, number: index.has(note.root) ? index.get(note.root)! + 1 : null, notes: [note] });
  }
  return groups;
}

function ArticleNotesScreen() {
  const { id } = useParams();
  const articleId = Number(id);
  const notes = useNotesOfArticle(articleId);
  // The paragraph order comes from the article itself; without it notes keep their saved order.
  const article = useArticle(articleId);
  const paragraphs = article.data?.paragraphs ?? [];

  if (notes.isPending)
    return (
      <Frame>
        <Spinner label="笔记加载中" />
      </Frame>
    );
  if (notes.error) {
    return (
      <Frame>
        {notes.error.code === Codes.NOT_FOUND ? (
          <div className="empty">
            <p>{notes.error.msg}</p>
            <Link to="/mynote" className="button button-secondary button-small empty-action">
              返回我的笔记
            </Link>
          </div>
        ) : (
          <LoadFailed title="笔记加载失败" message={notes.error.msg} onRetry={() => void notes.refetch()} />
        )}
      </Frame>
    );
  }

  const { article: card, list } = notes.data;
  const ordered = inReadingOrder(list, paragraphs);
  const groups = groupByParagraph(list, paragraphs);
  const copyAll = async () => {
    if (await copyText(formatArticleNotes(card, ordered))) toast('已复制');
  };

  return (
    <Frame
      actions={
        <button type="button" className="button button-primary button-small" onClick={() => void copyAll()}>
          复制全部
        </button>
      }
    >
      <ul className="reading-list">
        <ReadingCard article={card}>
          <span className="badge badge-accent">{list.length} 条笔记</span>
          <span>点击阅读原文</span>
        </ReadingCard>
      </ul>
      <div className="note-groups">
        {groups.map((group) => (
          <section key={group.root} className="note-group" aria-label={group.number ? `第 ${group.number} 段` : '已修改的段落'}>
            <h2 className="section-title">{group.number ? `第 ${group.number} 段` : '原文已修改的段落'}</h2>
            <ul className="card note-list">
              {group.notes.map((note) => (
                <li key={note.note_uuid} className="note-item">
                  <Link to={`/article/${card.id}#${note.root}`} className="note-jump" aria-label={`在文章中查看：${note.text}`}>
                    <blockquote className="note-quote" data-color={note.color} lang="en">
                      {note.text}
                    </blockquote>
                  </Link>
                  {note.comment && <p className="note-comment">{note.comment}</p>}
                  <p className="note-tools">
                    <time className="note-time" dateTime={note.updated_at}>
                      {formatRelative(note.updated_at)}
                    </time>
                    {note.is_public && <span className="badge">公开</span>}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Frame>
  );
}

function Frame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="page">
      <PageHeader title="文章笔记" back actions={actions} />
      {children}
    </div>
  );
}
