import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Paragraph } from '@changdu/contract';
import { call, unwrap } from '../../api/client';
import { useArticleAudio, type ArticleAudio } from '../../api/media.queries';
import { offsetWithin, sentenceAt, sentenceOffsets, textRange } from '../../features/reader/sentence-range';
import '../../styles/media.css';

const SPEEDS = [0.75, 1, 1.25, 1.5] as const;
const HIGHLIGHT = 'tts-sentence';

interface CaretDocument {
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
}

function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as unknown as CaretDocument;
  const pos = doc.caretPositionFromPoint?.(x, y);
  if (pos) return { node: pos.offsetNode, offset: pos.offset };
  const range = doc.caretRangeFromPoint?.(x, y);
  return range ? { node: range.startContainer, offset: range.startOffset } : null;
}

/**
 * While the audio is being made: how far, and the step the worker is on. Never 100% while the
 * work is under way; once made, the player takes its place.
 */
function AudioProgress({ pending }: { pending: Extract<ArticleAudio, { ready: false }> | undefined }) {
  const percent = Math.min(99, Math.max(0, pending?.progress ?? 0));
  return (
    <div className="audio-bar-status audio-bar-progress" data-progress={percent}>
      <span className="audio-bar-progress-head">
        正在生成朗读音频<span className="audio-bar-progress-percent">{percent}%</span>
      </span>
      <span
        className="audio-bar-progress-track"
        role="progressbar"
        aria-label="朗读音频生成进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="audio-bar-progress-fill" style={{ width: `${percent}%` }} />
      </span>
      {pending?.message && <span className="audio-bar-progress-message">{pending.message}</span>}
    </div>
  );
}

const clock = (s: number) => `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;

/**
 * The article's read-aloud bar: play and pause, the previous and next sentence, speed. The
 * sentence being spoken is highlighted in the text (CSS Custom Highlight; the paragraph is
 * marked as a fallback), and while the bar is open a tap on the text plays from that sentence
 * instead of opening the dictionary. The MP3 is fetched with a short-lived audio token. Audio
 * not made yet is made by a worker: its progress shows until it is, then it starts playing.
 */
export function AudioPlayer({ articleId, paragraphs, onClose }: { articleId: number; paragraphs: Paragraph[]; onClose: () => void }) {
  const timings = useArticleAudio(articleId, true);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [speed, setSpeed] = useState<number>(1);
  const made = timings.data?.ready ? timings.data : null;
  const pending = timings.data && !timings.data.ready ? timings.data : undefined;
  const sentences = useMemo(() => made?.sentences ?? [], [made]);
  const byParagraph = useMemo(() => new Map(paragraphs.map((p) => [p.id, p])), [paragraphs]);

  // The file: a token for this article, then the bytes as a blob (seeking needs no range requests then).
  useEffect(() => {
    if (!made) return;
    let url: string | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const token = await unwrap(call('auth.audioToken', { article_id: articleId }));
        if (!token.src) throw new Error('音频加载失败');
        const res = await fetch(token.src, { credentials: 'omit' });
        if (!res.ok) throw new Error('音频加载失败');
        url = URL.createObjectURL(await res.blob());
        if (!cancelled) setSrc(url);
      } catch (error) {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : '音频加载失败');
      }
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [made, articleId]);

  // The reader asked to hear the article: it starts as soon as the audio is here. A browser that
  // will not play without a fresh tap (the file took long) leaves the 播放 button to start it.
  useEffect(() => {
    if (src) audioRef.current?.play().catch(() => undefined);
  }, [src]);

  const currentIndex = useMemo(() => {
    let found = -1;
    for (let i = 0; i < sentences.length; i++) if (sentences[i]!.start <= time + 0.01) found = i;
    return found;
  }, [sentences, time]);
  const current = currentIndex >= 0 ? sentences[currentIndex] : undefined;

  // Highlight the spoken sentence in the body.
  useEffect(() => {
    const body = document.querySelector('.reader-body');
    body?.querySelectorAll('[data-speaking]').forEach((el) => el.removeAttribute('data-speaking'));
    const registry = (globalThis.CSS as unknown as { highlights?: Map<string, unknown> } | undefined)?.highlights;
    registry?.delete(HIGHLIGHT);
    if (!current || !body) return;
    const element = body.querySelector(`[data-pid="${CSS.escape(current.paragraph)}"]`);
    const paragraph = byParagraph.get(current.paragraph);
    if (!element || !paragraph) return;
    element.setAttribute('data-speaking', current.id);
    const at = sentenceOffsets(element.textContent ?? '', paragraph).get(current.id);
    const range = at ? textRange(element, at[0], at[1]) : null;
    const HighlightCtor = (globalThis as unknown as { Highlight?: new (...ranges: Range[]) => unknown }).Highlight;
    if (range && registry && HighlightCtor) registry.set(HIGHLIGHT, new HighlightCtor(range));
    const box = element.getBoundingClientRect();
    if (playing && (box.top < 60 || box.bottom > window.innerHeight - 120)) element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [current, byParagraph, playing]);

  useEffect(
    () => () => {
      document.querySelectorAll('[data-speaking]').forEach((el) => el.removeAttribute('data-speaking'));
      (globalThis.CSS as unknown as { highlights?: Map<string, unknown> } | undefined)?.highlights?.delete(HIGHLIGHT);
    },
    [],
  );

  const playFrom = useCallback(
    (index: number) => {
      const audio = audioRef.current;
      const s = sentences[Math.max(0, Math.min(sentences.length - 1, index))];
      if (!audio || !s) return;
      audio.currentTime = s.start;
      setTime(s.start);
      void audio.play();
    },
    [sentences],
  );

  // While the bar is open, a tap on the text plays from the sentence tapped.
  useEffect(() => {
    if (!src) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const element = target?.closest?.('.reader-body [data-pid]');
      if (!element) return;
      const paragraph = byParagraph.get(element.getAttribute('data-pid') ?? '');
      const caret = caretAt(event.clientX, event.clientY);
      if (!paragraph || !caret || !element.contains(caret.node)) return;
      const id = sentenceAt(sentenceOffsets(element.textContent ?? '', paragraph), offsetWithin(element, caret.node, caret.offset));
      const index = sentences.findIndex((s) => s.id === id);
      if (index < 0) return;
      event.preventDefault();
      event.stopPropagation();
      playFrom(index);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [src, byParagraph, sentences, playFrom]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    // The default rate too: loading a source resets the rate to it.
    audio.defaultPlaybackRate = speed;
    audio.playbackRate = speed;
  }, [speed, src]);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play();
    else audio.pause();
  };

  const duration = made?.duration ?? 0;
  const failed = timings.error?.msg ?? loadError;
  return (
    <div className="audio-bar" role="region" aria-label="朗读" data-sentence={current?.id ?? ''} data-playing={playing || undefined}>
      {src && (
        <audio
          ref={audioRef}
          src={src}
          preload="auto"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e) => setTime(e.currentTarget.currentTime)}
        />
      )}
      {failed ? (
        <p className="audio-bar-status" role="alert">
          {failed}
        </p>
      ) : !made ? (
        timings.data ? (
          <AudioProgress pending={pending} />
        ) : (
          <p className="audio-bar-status">正在准备朗读音频…</p>
        )
      ) : !src ? (
        <p className="audio-bar-status">正在载入朗读音频…</p>
      ) : (
        <>
          <button type="button" className="icon-button" aria-label="上一句" onClick={() => playFrom(currentIndex - 1)}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 5h2v14H6zM20 5v14L9 12z" fill="currentColor" />
            </svg>
          </button>
          <button type="button" className="audio-bar-play" aria-label={playing ? '暂停' : '播放'} onClick={toggle}>
            {playing ? '❚❚' : '▶'}
          </button>
          <button type="button" className="icon-button" aria-label="下一句" onClick={() => playFrom(currentIndex + 1)}>
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M16 5h2v14h-2zM4 5v14l11-7z" fill="currentColor" />
            </svg>
          </button>
          <span className="audio-bar-time" aria-live="off">
            {clock(time)} / {clock(duration)}
            <span className="audio-bar-count">
              {' '}
              · 第 {Math.max(1, currentIndex + 1)}/{sentences.length} 句
            </span>
          </span>
          <label className="audio-bar-speed">
            <span className="visually-hidden">语速</span>
            <select value={speed} onChange={(e) => setSpeed(Number(e.target.value))} aria-label="语速">
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <button type="button" className="icon-button audio-bar-close" aria-label="关闭朗读" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
