import { describe, expect, it } from 'vitest';
import { readerBodyHtml, readerHeadHtml } from '@changdu/contract';
import { cleanArticleHtml } from '../../lib/html';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { renderApp } from '../../test/render-app';

const body = [
  makeParagraph('h-1', { kind: 'h2', html: 'A Quiet Start', text: 'A Quiet Start', zh: '安静的开始' }),
  makeParagraph('p-1', { html: 'The <em>first</em> paragraph.', text: 'The first paragraph.', zh: '第一段。' }),
  makeParagraph('q-1', { kind: 'blockquote', html: 'A quoted line.', text: 'A quoted line.', zh: '一句引文。' }),
  makeParagraph('li-1', { kind: 'li', html: 'One item', zh: '一项' }),
  makeParagraph('li-2', { kind: 'li', html: 'Another item', zh: '另一项' }),
  makeParagraph('f-1', { kind: 'figure', html: '<img src="/api/image/fig.webp" alt="A heron">', text: 'A heron', zh: null }),
];

describe('article page', () => {
  it('renders each paragraph by its kind, each carrying its data-pid', async () => {
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(makeDetail({ title: 'The Slow Return of Herons', title_zh: '苍鹭的缓慢回归', paragraphs: body })),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Slow Return of Herons' })).toBeTruthy();
    expect(screen.getByText('苍鹭的缓慢回归')).toBeTruthy();
    const tags = Object.fromEntries([...document.querySelectorAll('[data-pid]')].map((el) => [el.getAttribute('data-pid'), el.tagName]));
    expect(tags).toEqual({ 'h-1': 'H2', 'p-1': 'P', 'q-1': 'P', 'li-1': 'DIV', 'li-2': 'DIV', 'f-1': 'FIGURE' });
    expect(document.querySelector('[data-pid="q-1"]')!.closest('blockquote')).not.toBeNull();
    expect(document.querySelectorAll('ul.para-list > li')).toHaveLength(2);
    expect(document.querySelector('[data-pid="p-1"] em')?.textContent).toBe('first');
    expect(document.title).toContain('The Slow Return of Herons');
  });

  it('draws the head and body exactly as the server draws them into its first response, so nothing moves when the app takes over', async () => {
    const article = makeDetail({
      title: 'Herons & "Egrets" <Return>',
      title_zh: '苍鹭归来',
      topics: ['health', 'science'],
      cover: '/api/image/cover.webp',
      summary: 'A slow   return,\n told in full.',
      published_at: '2025-03-01T08:00:00.000Z',
      paragraphs: body,
    });
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1 });
    // The server's drawing (contract reader-html.ts), parsed, against what the app rendered: same elements, attributes and text.
    const drawn = (html: string) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return template.content;
    };
    const head = drawn(readerHeadHtml(article));
    const app = document.querySelector('.reader')!;
    const appHead = [app.querySelector('.reader-head')!, app.querySelector('.reader-cover')!, app.querySelector('.reader-summary')!];
    expect(appHead.map((el) => el.outerHTML)).toHaveLength(head.children.length);
    appHead.forEach((el, i) => expect(el.isEqualNode(head.children[i]!), el.outerHTML).toBe(true));
    const appBody = document.querySelector('.reader-body')!;
    const serverBody = document.createElement('div');
    serverBody.className = 'reader-body';
    // Each paragraph's own HTML is the server's sanitised HTML, which the app also cleans (lib/html.ts).
    serverBody.append(drawn(readerBodyHtml(body, (p) => cleanArticleHtml(p.html))));
    expect(appBody.isEqualNode(serverBody), appBody.innerHTML).toBe(true);
  });

  it('shows a stored paragraph as its text with its emphasis and links, and nothing a server bug let through runs', async () => {
    // The first paragraph of the demo article "The Quiet Return of Night Trains", with the markup
    // an imported page carries and the payloads a sanitiser bug on the server could let into it.
    const text =
      "Just after nine in the evening, the platform at Vienna's main station begins to fill with an unusual mix of travellers. " +
      'They are all waiting for the same thing: a train that will carry them across borders while they sleep.';
    const html =
      'Just after nine in the evening, the platform at <a href="https://www.oebb.at/en/" target="_self" onclick="steal()">Vienna\'s main station</a> ' +
      'begins to fill with an <em onmouseover="steal()">unusual</em> mix of travellers.<img src="x" onerror="steal()"><script>steal()</script> ' +
      '<a href="javascript:steal()">They</a> are all waiting for <a href="/article/3" style="position:fixed;inset:0">the same thing</a>: ' +
      'a train that will carry them across borders while they <svg onload="steal()"><title>x</title></svg>sleep.';
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(
        makeDetail({ paragraphs: [makeParagraph('p-1', { html, text, sentences: [{ id: 'p-1-s1', text }] })] }),
      ),
    });
    await screen.findByRole('heading', { level: 1 });
    const paragraph = document.querySelector<HTMLElement>('[data-pid="p-1"]')!;
    expect(paragraph.textContent).toBe(text);
    expect(within(paragraph).getByText('unusual').tagName).toBe('EM');
    const links = within(paragraph).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ["Vienna's main station", 'https://www.oebb.at/en/', '_blank', 'noopener noreferrer'],
      ['the same thing', '/article/3', null, null],
    ]);
    expect(paragraph.querySelector('script, img, svg, [style]')).toBeNull();
    const handlers = [...paragraph.querySelectorAll('*')].flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith('on')));
    expect(handlers).toEqual([]);
    expect(paragraph.innerHTML).not.toMatch(/javascript:|steal/);
  });

  it('shows the author (linking to their page), level, reading time, topics and the original link', async () => {
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(makeDetail({ level: 'EASY', reading_minutes: 3, topics: ['health'] })) });
    expect((await screen.findByRole('link', { name: 'Mara Quill' })).getAttribute('href')).toBe('/explore?author=7');
    expect(screen.getByText('简单')).toBeTruthy();
    expect(screen.getByText('约 3 分钟')).toBeTruthy();
    expect(screen.getByRole('link', { name: '健康' }).getAttribute('href')).toBe('/topic/health');
    const original = screen.getByRole('link', { name: '阅读原文' });
    expect(original.getAttribute('href')).toBe('https://example.com/original');
    expect(original.getAttribute('rel')).toContain('noopener');
  });

  it('the 双语 toggle shows each paragraph’s translation beneath it', async () => {
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(makeDetail({ paragraphs: body })) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('第一段。')).toBeNull();
    const toggle = screen.getByRole('button', { name: '双语' });
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const zh = screen.getByText('第一段。');
    expect(zh.previousElementSibling?.getAttribute('data-pid')).toBe('p-1');
    expect(screen.getByText('安静的开始')).toBeTruthy();
    expect(screen.getByText('另一项')).toBeTruthy();
  });

  it('the 双语 toggle of an article without Chinese explains that there is no translation yet', async () => {
    const english = [makeParagraph('p-1', { zh: null }), makeParagraph('p-2', { zh: null })];
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(makeDetail({ title_zh: null, summary_zh: null, paragraphs: english })) });
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: '双语' });
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText('这篇文章还没有译文', { selector: '.toast' })).toBeTruthy();
  });

  it('a members-only preview ends with the membership notice, naming the paragraph total', async () => {
    renderApp('/article/12', {
      'GET /reader/article/12/show': ok(
        makeDetail({ is_lock: true, preview: true, paragraphs: [makeParagraph('p1')], paragraph_total: 9 }),
      ),
    });
    const notice = await screen.findByRole('complementary', { name: '会员文章' });
    expect(within(notice).getByText('会员文章 · 开通会员阅读全文')).toBeTruthy();
    expect(within(notice).getByText(/全文共 9 段/)).toBeTruthy();
    expect(within(notice).getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe('/member');
    expect(within(notice).getByRole('link', { name: '已是会员？登录' }).getAttribute('href')).toBe('/Login?redirect=%2Farticle%2F12');
  });

  it('shows no notice for a full article', async () => {
    renderApp('/article/12', { 'GET /reader/article/12/show': ok(makeDetail()) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('会员文章 · 开通会员阅读全文')).toBeNull();
  });

  it('an unknown article shows the 404 page', async () => {
    renderApp('/article/404', { 'GET /reader/article/404/show': fail(404, '文章不存在') });
    expect(await screen.findByText('Page Not Found')).toBeTruthy();
  });
  it('shows a long article’s first screens at once and the rest as the page goes idle; a link to a paragraph gets them all at once', async () => {
    const long = Array.from({ length: 70 }, (_, i) =>
      makeParagraph(`p-${i + 1}`, { html: `Paragraph ${i + 1}.`, text: `Paragraph ${i + 1}.` }),
    );
    const article = makeDetail({ id: 12, title: 'A Very Long Read', paragraphs: long });
    const first = renderApp('/article/12', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1, name: 'A Very Long Read' });
    const count = () => document.querySelectorAll('.reader-body [data-pid]').length;
    expect(count()).toBeLessThan(70);
    expect(count()).toBeGreaterThanOrEqual(20);
    await waitFor(() => expect(count()).toBe(70));
    expect(document.querySelector('.reader-body [data-pid]:last-of-type')?.getAttribute('data-pid')).toBe('p-70');
    first.unmount();

    renderApp('/article/12#p-65', { 'GET /reader/article/12/show': ok(article) });
    await screen.findByRole('heading', { level: 1, name: 'A Very Long Read' });
    expect(count()).toBe(70);
  });
});
