import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Paragraph } from '@changdu/contract';
import { fail, mockApi, ok, type SeenRequest } from '../../test/api-mock';
import { AudioPlayer } from './AudioPlayer';

const PARAGRAPHS: Paragraph[] = [];
const AUDIO = 'GET /reader/article/12/audio';

const pending = (progress: number, message: string | null) => ok({ ready: false, task_id: 7, progress, message });
const made = ok({
  ready: true,
  task_id: null,
  version: 'v1',
  duration: 4.2,
  voice: 'en-us@160',
  sentences: [
    { id: 's1', paragraph: 'p1', start: 0, end: 1.5 },
    { id: 's2', paragraph: 'p1', start: 1.75, end: 3.6 },
  ],
});

let play: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom plays nothing: the player's own calls are what is looked at.
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:audio', revokeObjectURL: () => undefined }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPlayer() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AudioPlayer articleId={12} paragraphs={PARAGRAPHS} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

/** Answers the audio calls in turn (the last one again once the list is used up). */
function inTurn(replies: ReturnType<typeof ok>[]) {
  let n = 0;
  return (_request: SeenRequest) => replies[Math.min(n++, replies.length - 1)];
}

describe('the read-aloud bar while its audio is being made', () => {
  it('shows how far the making is, follows the task it was given, then plays by itself', async () => {
    const api = mockApi({
      [AUDIO]: inTurn([pending(0, '排队中'), pending(40, '正在合成朗读（第 4/10 句）'), pending(100, '正在保存朗读音频'), made]),
      'GET /auth/audio_token': ok({ token: 'tok', expires_at: '2026-01-01T00:00:00.000Z', src: '/reader/article/12/audio.mp3?token=tok' }),
      'GET /reader/article/12/audio.mp3': ok('mp3'),
    });
    renderPlayer();
    const bar = await screen.findByRole('progressbar', { name: '朗读音频生成进度' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByText('排队中')).toBeTruthy();
    expect(play).not.toHaveBeenCalled();

    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40'), { timeout: 3000 });
    expect(screen.getByText('正在合成朗读（第 4/10 句）')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    // Work under way never reads 100%, whatever the step says.
    await waitFor(() => expect(screen.getByText('正在保存朗读音频')).toBeTruthy(), { timeout: 3000 });
    expect(screen.queryByText('100%')).toBeNull();
    expect(screen.getByText('99%')).toBeTruthy();

    // Made: the bar gives way to the player, which starts on its own.
    await waitFor(() => expect(play).toHaveBeenCalled(), { timeout: 3000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('button', { name: '下一句' })).toBeTruthy();
    expect(screen.getByText(/第 1\/2 句/)).toBeTruthy();
    // The first ask started the work; every later one followed the task it named.
    const asks = api.to(AUDIO);
    expect(asks[0]!.query.get('task_id')).toBeNull();
    expect(asks.slice(1).map((r) => r.query.get('task_id'))).toEqual(asks.slice(1).map(() => '7'));
    // Made audio is not asked for again.
    const count = asks.length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(api.to(AUDIO)).toHaveLength(count);
  });

  it('says why when the making failed, and stops asking', async () => {
    let n = 0;
    const api = mockApi({
      [AUDIO]: () => (n++ === 0 ? pending(10, '正在合成朗读（第 1/10 句）') : fail(503, '服务器没有安装 lame，暂时无法生成音频')),
    });
    renderPlayer();
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveProperty('textContent', '服务器没有安装 lame，暂时无法生成音频');
    expect(screen.queryByRole('progressbar')).toBeNull();
    const count = api.to(AUDIO).length;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(api.to(AUDIO)).toHaveLength(count);
  });

  it('tells a reader who started too many at once when to come back', async () => {
    mockApi({ [AUDIO]: fail(429, '开始生成的朗读音频太多了，请 12 分钟后再试') });
    renderPlayer();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', '开始生成的朗读音频太多了，请 12 分钟后再试');
  });
});
