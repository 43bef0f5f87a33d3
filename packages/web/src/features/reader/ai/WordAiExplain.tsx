import { useStream } from '../../../api/ai-stream';
import { AiError, AnsweredBy } from './AnswerText';
import '../../../styles/ai.css';

/** The word sheet's "AI 讲解": the word in this sentence, streamed as it is written. */
export function WordAiExplain({ word, sentence }: { word: string; sentence: string }) {
  const explain = useStream('ai.wordExplain');
  const started = explain.running || explain.text || explain.result || explain.error;
  return (
    <section className="ai-word">
      {!started ? (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void explain.start({ word, ...(sentence ? { sentence: sentence.slice(0, 1000) } : {}) })}
        >
          AI 讲解
        </button>
      ) : (
        <>
          <h3 className="ai-h">AI 讲解</h3>
          <div className="ai-answer-text" aria-live="polite" aria-busy={explain.running}>
            {explain.result?.text ?? explain.text}
            {explain.running && <span className="ai-caret" aria-hidden="true" />}
          </div>
          {explain.error && <AiError error={explain.error} />}
          {explain.result && <AnsweredBy offline={explain.result.offline} model={explain.result.model} cached={explain.result.cached} />}
        </>
      )}
    </section>
  );
}
