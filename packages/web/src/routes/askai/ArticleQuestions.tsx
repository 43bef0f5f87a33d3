import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useAddWord } from '../../api/words.queries';
import { errorMessage, type Output } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { RequireLogin } from '../../components/RequireLogin';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../lib/toast';
import { AnsweredBy } from '../../features/reader/ai/AnswerText';
import '../../styles/ai.css';

/**
 * 读后理解题: the model's multiple-choice questions, or offline cloze questions from the article's
 * key sentences; answers checked; missed words offered for the word book.
 */
export function ArticleQuestions() {
  return (
    <RequireLogin>
      <QuestionsScreen />
    </RequireLogin>
  );
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

type Question = Output<'ai.questions'>['questions'][number];

/** The sentence a missed word is saved with: the cloze sentence filled in, or the question itself. */
const sentenceOf = (q: Question) => (q.kind === 'cloze' ? q.text.replace('____', q.answer) : q.text);

function QuestionsScreen() {
  const [params] = useSearchParams();
  const articleId = Number(params.get('id') ?? params.get('article_id'));
  const query = useApiQuery('ai.questions', { article_id: articleId }, { enabled: articleId > 0 });
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [checked, setChecked] = useState(false);
  const [added, setAdded] = useState<Set<string>>(new Set());
  const addWord = useAddWord();
  if (!(articleId > 0))
    return (
      <div className="page">
        <PageHeader title="读后理解题" back />
        <p className="empty">请从文章页进入。</p>
      </div>
    );
  const data = query.data;
  const missed = data && checked ? data.questions.filter((q, i) => !same(answers[i] ?? '', q.answer)) : [];
  // Each word once, even when two missed questions hinge on it.
  const missedWords = [
    ...new Map(missed.flatMap((q) => (q.headword ? [[q.headword, { word: q.headword, sentence: sentenceOf(q) }] as const] : []))).values(),
  ];
  return (
    <div className="page">
      <PageHeader title="读后理解题" back />
      {query.isPending ? (
        <Spinner />
      ) : query.error ? (
        <LoadFailed message={query.error.msg} onRetry={() => void query.refetch()} />
      ) : data ? (
        <div className="ai-thread">
          <p className="ai-list-meta">
            <Link to={`/article/${data.article_id}`}>《{data.article_title}》</Link> ·{' '}
            {data.offline ? '根据文章要点句填空' : '根据文章内容选择'}
          </p>
          {data.quota_notice && (
            <p className="form-note" role="note">
              {data.quota_notice}这次给出离线生成的填空题。
            </p>
          )}
          {data.questions.length === 0 && <p className="empty">这篇文章太短，出不了题。</p>}
          <ol className="ai-quiz">
            {data.questions.map((q, i) => {
              const right = checked && same(answers[i] ?? '', q.answer);
              return (
                <li key={i} className={`card ai-quiz-item${checked ? (right ? ' is-right' : ' is-wrong') : ''}`}>
                  {q.kind === 'choice' ? (
                    <fieldset className="ai-quiz-choices">
                      <legend className="ai-quiz-text">{q.text}</legend>
                      {q.options.map((option, j) => (
                        <label key={j} className={`ai-quiz-option${answers[i] === option ? ' is-chosen' : ''}`}>
                          <input
                            type="radio"
                            name={`q${i}`}
                            value={option}
                            checked={answers[i] === option}
                            disabled={checked}
                            onChange={() => setAnswers({ ...answers, [i]: option })}
                          />
                          <span>{option}</span>
                        </label>
                      ))}
                    </fieldset>
                  ) : (
                    <>
                      <p lang="en" className="ai-quiz-text">
                        {q.text}
                      </p>
                      {q.hint && <p className="ai-quiz-hint">提示：{q.hint}</p>}
                      <input
                        className="input"
                        lang="en"
                        aria-label={`第 ${i + 1} 题的答案`}
                        value={answers[i] ?? ''}
                        disabled={checked}
                        onChange={(e) => setAnswers({ ...answers, [i]: e.target.value })}
                      />
                    </>
                  )}
                  {checked && <p className="ai-quiz-result">{right ? '✓ 正确' : `✗ 答案：${q.answer}`}</p>}
                  {checked && q.explanation && <p className="ai-quiz-hint">{q.explanation}</p>}
                </li>
              );
            })}
          </ol>
          {data.questions.length > 0 &&
            (!checked ? (
              <button type="button" className="button button-primary" onClick={() => setChecked(true)}>
                检查答案
              </button>
            ) : (
              <section className="card ai-usage">
                <p>
                  答对 {data.questions.length - missed.length} / {data.questions.length} 题
                </p>
                {missedWords.length > 0 && <p className="ai-usage-month">没答对的词可以加入生词本：</p>}
                <div className="ai-parts">
                  {missedWords.map((w) => (
                    <button
                      key={w.word}
                      type="button"
                      className="button button-secondary button-small"
                      disabled={added.has(w.word)}
                      onClick={() =>
                        addWord.mutate(
                          { word: w.word, sentence: w.sentence, article_id: data.article_id, source: '理解题' },
                          {
                            onSuccess: () => setAdded(new Set([...added, w.word])),
                            onError: (error) => toast(errorMessage(error)),
                          },
                        )
                      }
                    >
                      {added.has(w.word) ? `已加入 ${w.word}` : `+ ${w.word}`}
                    </button>
                  ))}
                </div>
              </section>
            ))}
          {data.offline ? (
            <p className="ai-by">离线生成：从文章的要点句（TextRank）中挖掉最难的一个词</p>
          ) : (
            <AnsweredBy offline={false} model={data.model} cached={data.cached} />
          )}
        </div>
      ) : null}
    </div>
  );
}
