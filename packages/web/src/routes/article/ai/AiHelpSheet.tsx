import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useStream } from '../../../api/ai-stream';
import { useAnalyze, useTranslate } from '../../../api/ai.queries';
import type { ApiError } from '../../../api/client';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { AiError, AnswerText, AnsweredBy } from '../../../features/reader/ai/AnswerText';
import '../../../styles/ai.css';

export type AiAction = 'trans' | 'analyze' | 'ask';

export interface AiRequest {
  action: AiAction;
  /** The selected text (or the paragraph's). */
  text: string;
  /** The paragraph it is in. */
  pos: string | null;
}

const TITLES: Record<AiAction, string> = { trans: '翻译', analyze: '句子解析', ask: '问 AI' };

const errorOf = (e: ApiError | null) => (e ? { code: e.code, msg: e.msg } : null);

/** The three AI actions, as buttons for the selection toolbar. */
export function AiSelectionButtons({ onAction }: { onAction: (action: AiAction) => void }) {
  return (
    <span className="ai-tools">
      <span className="selection-toolbar-sep" aria-hidden="true" />
      <button type="button" className="selection-toolbar-button" onClick={() => onAction('trans')}>
        翻译
      </button>
      <button type="button" className="selection-toolbar-button" onClick={() => onAction('analyze')}>
        解析
      </button>
      <button type="button" className="selection-toolbar-button" onClick={() => onAction('ask')}>
        问 AI
      </button>
    </span>
  );
}

/** The sheet where a translation, an analysis or an AI answer about the selection appears. */
export function AiHelpSheet({
  request,
  articleId,
  paragraphIds,
  onClose,
}: {
  request: AiRequest | null;
  articleId: number;
  paragraphIds: readonly string[];
  onClose: () => void;
}) {
  return (
    <Modal open={request !== null} onClose={onClose} title={request ? TITLES[request.action] : ''} className="ai-sheet">
      {request && (
        <>
          <blockquote className="ai-quote" lang="en">
            {request.text}
          </blockquote>
          {request.action === 'trans' && <Translation text={request.text} />}
          {request.action === 'analyze' && <Analysis text={request.text} />}
          {request.action === 'ask' && <Ask request={request} articleId={articleId} paragraphIds={paragraphIds} />}
        </>
      )}
    </Modal>
  );
}

/** Where a translation came from, in the reader's words. */
function byline(d: { from: 'article' | 'ai'; scope: 'selection' | 'sentence' | 'paragraph'; model: string | null }): string {
  if (d.from === 'ai') return `由 ${d.model ?? 'AI'} 翻译`;
  return d.scope === 'paragraph' ? '来自文章已有的译文：没能对到这一句，显示所在段落的整段译文' : '来自文章已有的译文（本句）';
}

function Translation({ text }: { text: string }) {
  const trans = useTranslate();
  const { mutate } = trans;
  useEffect(() => mutate({ text }), [mutate, text]);
  if (trans.isPending) return <Spinner />;
  if (trans.error) return <AiError error={errorOf(trans.error)!} />;
  const d = trans.data;
  if (!d) return null;
  return (
    <div className="ai-result">
      {d.scope === 'paragraph' && <span className="ai-scope">整段译文</span>}
      <p className="ai-translation">{d.translation}</p>
      {d.scope === 'sentence' && d.source !== text.replace(/\s+/g, ' ').trim() && (
        // The aligned translation covers more than the selection: the whole sentence, or two the translator merged.
        <p className="ai-by">
          译文对应的原文：<span lang="en">{d.source}</span>
        </p>
      )}
      <p className="ai-by">{byline(d)}</p>
    </div>
  );
}

function Analysis({ text }: { text: string }) {
  const analyze = useAnalyze();
  const { mutate } = analyze;
  useEffect(() => mutate({ text }), [mutate, text]);
  if (analyze.isPending) return <Spinner />;
  if (analyze.error) return <AiError error={errorOf(analyze.error)!} />;
  const a = analyze.data;
  if (!a) return null;
  return (
    <div className="ai-result">
      <h3 className="ai-h">结构</h3>
      <ol className="ai-clauses">
        {a.sentences.map((c, i) => (
          <li key={i}>
            <p lang="en">{c.text}</p>
            {c.predicate ? (
              <p className="ai-parts">
                {c.subject && <span>主语：{c.subject}</span>}
                <span>谓语：{c.predicate}</span>
                {c.object && <span>宾语：{c.object}</span>}
                {c.tense && <span>时态：{c.tense}</span>}
              </p>
            ) : (
              // Not sure which verb is the main clause's: say so, and show only what is certain.
              <p className="ai-by">没能确定主句的主谓宾，只列出能确定的部分</p>
            )}
            {c.verbs.length > (c.predicate ? 1 : 0) && (
              <p className="ai-parts">
                {c.verbs.map((v, k) => (
                  <span key={k}>
                    动词：<span lang="en">{v.text}</span>
                    {v.tense && `（${v.tense}）`}
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ol>
      {a.hard_words.length > 0 && (
        <>
          <h3 className="ai-h">难词</h3>
          <ul className="ai-words">
            {a.hard_words.map((w) => (
              <li key={w.word}>
                <b lang="en">{w.word}</b> {w.meaning}
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="ai-h">词性</h3>
      <p className="ai-pos">
        {a.words
          .filter((w) => w.pos !== 'PUNCT')
          .map((w, i) => (
            <span key={i} className="ai-pos-word" title={w.pos_zh}>
              <span lang="en">{w.text}</span>
              <small>{w.pos_zh}</small>
            </span>
          ))}
      </p>
      {a.explanation && (
        <>
          <h3 className="ai-h">讲解</h3>
          <div className="ai-answer-text">{a.explanation}</div>
        </>
      )}
      <AnsweredBy offline={a.offline} model={a.model} cached={a.cached} />
    </div>
  );
}

function Ask({ request, articleId, paragraphIds }: { request: AiRequest; articleId: number; paragraphIds: readonly string[] }) {
  const [prompt, setPrompt] = useState('这句话是什么意思？');
  const ask = useStream('ai.ask');
  const send = () =>
    void ask.start({
      prompt: prompt.trim() || '这句话是什么意思？',
      article_id: articleId,
      selection: request.text.slice(0, 2000),
      ...(request.pos ? { pos: request.pos } : {}),
      stream: true,
    });
  return (
    <div className="ai-result">
      <form
        className="ai-ask-form"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <input className="input" value={prompt} maxLength={1000} onChange={(e) => setPrompt(e.target.value)} aria-label="你的问题" />
        <button type="submit" className="button button-primary" disabled={ask.running}>
          提问
        </button>
      </form>
      {(ask.text || ask.running) && (
        <div className="ai-answer" aria-live="polite" aria-busy={ask.running}>
          <AnswerText text={ask.result?.answer ?? ask.text} paragraphIds={paragraphIds} />
          {ask.running && <span className="ai-caret" aria-hidden="true" />}
        </div>
      )}
      {ask.error && <AiError error={ask.error} />}
      {ask.result && (
        <>
          <AnsweredBy offline={ask.result.offline} model={ask.result.model} cached={ask.result.cached} />
          <Link to={`/askai/${ask.result.id}`} className="ai-more">
            在「我的提问」中查看
          </Link>
        </>
      )}
    </div>
  );
}
