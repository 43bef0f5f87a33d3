import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useStream } from '../../api/ai-stream';
import type { Input } from '../../api/client';
import { AiError } from '../../features/reader/ai/AnswerText';

/** What a question is about: an article (and a place in it) or nothing in particular. */
export type AskAbout = Omit<Input<'ai.ask'>, 'prompt' | 'stream'>;

/**
 * A question box: streams the answer under it as it arrives and, once it is saved, opens the
 * new conversation. The free question and the follow-up differ only in wording and `about`.
 */
export function AskForm({ about, label, placeholder, submit }: { about: AskAbout; label: string; placeholder: string; submit: string }) {
  const [prompt, setPrompt] = useState('');
  const ask = useStream('ai.ask');
  const navigate = useNavigate();
  const question = prompt.trim();
  return (
    <>
      <form
        className="ai-ask-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!question || ask.running) return;
          void ask.start({ ...about, prompt: question, stream: true }).then((result) => {
            if (!result) return;
            setPrompt('');
            void navigate(`/askai/${result.id}`);
          });
        }}
      >
        <input
          className="input"
          value={prompt}
          maxLength={1000}
          placeholder={placeholder}
          onChange={(e) => setPrompt(e.target.value)}
          aria-label={label}
        />
        <button type="submit" className="button button-primary" disabled={!question || ask.running}>
          {submit}
        </button>
      </form>
      {ask.running && <div className="ai-answer ai-answer-text">{ask.text}</div>}
      {ask.error && <AiError error={ask.error} />}
    </>
  );
}
