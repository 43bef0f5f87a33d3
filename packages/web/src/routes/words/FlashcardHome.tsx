import { Link } from 'react-router';
import { REVIEW_BATCH } from '@changdu/contract';
import { useWordOverview } from '../../api/words.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { useIsLoggedIn } from '../../lib/session';
import { TodayStats } from './WordOverview';
import '../../styles/words.css';
import '../../styles/flashcards.css';

/** `/flashcard`: today's reviews and the way in; a visitor gets the demo and a login. */
export function FlashcardHome() {
  const loggedIn = useIsLoggedIn();
  return (
    <div className="page">
      <PageHeader title="闪卡复习" back />
      {loggedIn ? <Today /> : <Visitor />}
      <ul className="menu card flashcard-links">
        <li>
          <Link className="menu-item" to="/flashcard/demo">
            <span>闪卡演示</span>
            <span className="muted">8 个示例单词，不保存</span>
          </Link>
        </li>
        {loggedIn && (
          <li>
            <Link className="menu-item" to="/myword">
              <span>生词本</span>
              <span className="muted">全部单词、例句与导出</span>
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}

function Today() {
  const overview = useWordOverview();
  if (overview.isLoading) return <Spinner />;
  if (overview.error || !overview.data) {
    return <LoadFailed title="复习概况没有加载出来" message={overview.error?.msg ?? ''} onRetry={() => void overview.refetch()} />;
  }
  const o = overview.data;
  return (
    <section className="card flashcard-today" aria-label="今日复习">
      <TodayStats overview={o} />
      {o.total === 0 ? (
        <div className="flashcard-today-note">
          <p className="flashcard-today-title">生词本还是空的</p>
          <p className="muted">阅读时点按生词，选“加入生词本”，它就会按记忆规律出现在这里。</p>
          <Link to="/" className="button button-primary button-block">
            去读文章
          </Link>
        </div>
      ) : o.due_now > 0 ? (
        <div className="flashcard-today-note">
          <p className="muted">每组最多 {REVIEW_BATCH} 张，忘记的卡片会在本组稍后再出现一次。</p>
          <Link to="/flashcard/start" className="button button-primary button-block flashcard-start">
            开始复习
          </Link>
        </div>
      ) : (
        <div className="flashcard-today-note" data-testid="flashcard-all-done">
          <p className="flashcard-today-title">今天的复习完成了</p>
          <p className="muted">
            {o.due_today > 0 ? `今天稍后还有 ${o.due_today} 张到期。` : '现在没有到期的卡片。'}想多练一会儿，可以提前复习还没到期的词。
          </p>
          <Link to="/flashcard/start?force=1" className="button button-secondary button-block">
            提前复习
          </Link>
        </div>
      )}
    </section>
  );
}

function Visitor() {
  return (
    <div className="card welcome-card">
      <h2 className="welcome-title">用闪卡记住读到的生词</h2>
      <p className="welcome-text">登录后，阅读时加入生词本的词会按记忆规律（FSRS）安排复习：快忘的时候正好再见到它。</p>
      <div className="welcome-actions">
        <Link className="button button-primary" to="/flashcard/demo">
          试试演示
        </Link>
        <Link className="button button-secondary" to="/Login?redirect=%2Fflashcard">
          登录
        </Link>
      </div>
    </div>
  );
}
