import { useSearchParams } from 'react-router';
import { DOWNLOAD_NAMES } from '@changdu/contract';
import { endpointUrl } from '../../api/client';
import { useNotedArticles } from '../../api/reader.queries';
import { PageHeader } from '../../components/PageHeader';
import { ReadingCard, ReadingList } from '../../components/ReadingList';
import { RequireLogin } from '../../components/RequireLogin';
import { formatRelative } from '../../lib/format';
import { BookNotes } from './BookNotes';
import '../../styles/reading-screens.css';

/** 我的笔记: the articles I noted (newest note first) and the books I noted, and the export of every article note. */
export function MyNotes() {
  return (
    <RequireLogin>
      <MyNotesScreen />
    </RequireLogin>
  );
}

function MyNotesScreen() {
  const [params, setParams] = useSearchParams();
  const books = params.get('tab') === 'book';
  return (
    <div className="page">
      <PageHeader title="我的笔记" back />
      <div className="tabs" role="tablist" aria-label="笔记">
        <button type="button" role="tab" className="tab" aria-selected={!books} onClick={() => setParams({}, { replace: true })}>
          文章
        </button>
        <button
          type="button"
          role="tab"
          className="tab"
          aria-selected={books}
          onClick={() => setParams({ tab: 'book' }, { replace: true })}
        >
          书
        </button>
      </div>
      {books ? <BookNotes /> : <ArticleNotesList />}
    </div>
  );
}

function ArticleNotesList() {
  const query = useNotedArticles();
  return (
    <>
      <a className="card export-link" href={endpointUrl('note.export', {})} download={DOWNLOAD_NAMES.notes}>
        <span className="export-link-title">导出全部笔记</span>
        <span className="export-link-hint">下载为文本文件（{DOWNLOAD_NAMES.notes}）</span>
      </a>
      <ReadingList
        query={query}
        label="做过笔记的文章"
        empty="还没有笔记。读文章时选中文字，就能划线或写下想法"
        item={(article) => (
          <ReadingCard key={article.id} article={article} to={`/mynote/${article.id}`}>
            <span className="badge badge-accent">{article.note_count} 条笔记</span>
            <span>{formatRelative(article.last_noted_at)}</span>
          </ReadingCard>
        )}
      />
    </>
  );
}
