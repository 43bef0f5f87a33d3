import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/client';
import { usePlacementAnswer, usePlacementItems } from '../../api/learner.queries';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import { levelGloss } from './levels';
import '../../styles/learner.css';

/** 词汇量测试 (`/learner/placement`): yes/no to 48 words, some of them made up; gives a vocabulary size. */
export function Placement() {
  return (
    <RequireLogin>
      <PlacementScreen />
    </RequireLogin>
  );
}

function PlacementScreen() {
  const items = usePlacementItems();
  const submit = usePlacementAnswer();
  const [answers, setAnswers] = useState<{ word: string; known: boolean }[]>([]);
  const [started, setStarted] = useState(false);

  if (submit.data) {
    return (
      <div className="page">
        <PageHeader title="词汇量测试" back />
        <section className="card placement-result" aria-live="polite">
          <p className="placement-result-caption">你的词汇量约为</p>
          <p className="placement-result-figure" data-testid="placement-estimate">
            {submit.data.vocabulary_estimate.toLocaleString('zh-CN')}
          </p>
          <p className="placement-result-level">
            {submit.data.level} · {levelGloss(submit.data.level)}
          </p>
          <p className="placement-result-note">这个水平以下的常用词已标为认识，文章卡片上会显示你认识的词占比。</p>
          <div className="placement-actions">
            <Link to="/" className="button button-primary">
              去读文章
            </Link>
            <Link to="/Mine" className="button button-secondary">
              看我的词汇
            </Link>
          </div>
        </section>
      </div>
    );
  }
  if (items.isPending) return <Spinner label="题目加载中" />;
  if (items.error) return <LoadFailed message={items.error.msg} onRetry={() => void items.refetch()} />;
  const list = items.data.items;
  const current = list[answers.length];

  const answer = (known: boolean) => {
    if (!current) return;
    const next = [...answers, { word: current.word, known }];
    setAnswers(next);
    if (next.length === list.length) submit.mutate({ answers: next }, { onError: (error) => toast(errorMessage(error)) });
  };

  return (
    <div className="page">
      <PageHeader title="词汇量测试" back />
      {!started ? (
        <section className="card placement-intro">
          <h2 className="placement-title">测一测你的词汇量</h2>
          <p>共 {list.length} 个词，从常用到少见。认识就点“认识”（知道意思即可），不认识或不确定就点“不认识”。</p>
          <p className="placement-warn">其中有一些是编造的假词：如实作答，猜测会被识别并校正。</p>
          <button type="button" className="button button-primary button-block" onClick={() => setStarted(true)}>
            开始测试
          </button>
        </section>
      ) : current ? (
        <section className="card placement-item" aria-live="polite">
          <p className="placement-progress">
            {answers.length + 1} / {list.length}
          </p>
          <div className="placement-bar" aria-hidden="true">
            <span style={{ width: `${(answers.length / list.length) * 100}%` }} />
          </div>
          <p className="placement-word" lang="en" data-testid="placement-word">
            {current.word}
          </p>
          <div className="placement-actions">
            <button type="button" className="button button-secondary" onClick={() => answer(false)}>
              不认识
            </button>
            <button type="button" className="button button-primary" onClick={() => answer(true)}>
              认识
            </button>
          </div>
          {answers.length > 0 && (
            <button type="button" className="button button-ghost button-small" onClick={() => setAnswers(answers.slice(0, -1))}>
              上一个
            </button>
          )}
        </section>
      ) : (
        <Spinner label="正在估算词汇量" />
      )}
    </div>
  );
}
