import { useState } from 'react';
import { Link } from 'react-router';
import { FlashcardSession, type GradeCard } from '../../components/FlashcardSession';
import { PageHeader } from '../../components/PageHeader';
import { useIsLoggedIn } from '../../lib/session';
import { demoCards, gradeDemoCard } from './demo-cards';
import '../../styles/words.css';
import '../../styles/flashcards.css';

const grade: GradeCard = (card, rating) => Promise.resolve(gradeDemoCard(card, rating));

/** `/flashcard/demo`: the real session on sample words, for anyone; nothing is sent or saved. */
export function ReviewDemo() {
  const loggedIn = useIsLoggedIn();
  const [round, setRound] = useState(0);
  const [cards, setCards] = useState(demoCards);
  return (
    <div className="page flashcard-page">
      <PageHeader title="闪卡演示" back />
      <p className="flashcard-demo-banner" role="note">
        <strong>演示</strong> 这是 8 个示例单词，评分只在本页生效，不会保存。
        {!loggedIn && (
          <>
            {' '}
            <Link to="/Register?redirect=%2Fmyword">注册</Link>后，阅读时加入的生词会按记忆规律安排复习。
          </>
        )}
      </p>
      <FlashcardSession
        key={round}
        cards={cards}
        grade={grade}
        backTo="/flashcard"
        onAgain={() => {
          setCards(demoCards());
          setRound((r) => r + 1);
        }}
        finishNote={
          loggedIn ? (
            <p className="flashcard-finish-cta">
              用自己的生词复习：<Link to="/flashcard/start">开始复习</Link>
            </p>
          ) : (
            <p className="flashcard-finish-cta">
              这只是演示。<Link to="/Register?redirect=%2Fmyword">注册畅读</Link>
              ，阅读时点按生词就能加入生词本，每天按记忆规律复习。已有账号？
              <Link to="/Login?redirect=%2Fflashcard">登录</Link>
            </p>
          )
        }
      />
    </div>
  );
}
