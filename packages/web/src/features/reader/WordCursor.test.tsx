import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ok } from '../../test/api-mock';
import { makeDetail, makeParagraph } from '../../test/articles';
import { makeEntry } from '../../test/reader';
import { renderApp } from '../../test/render-app';

const article = makeDetail({
  paragraphs: [
    makeParagraph('p1', {
      html: 'They <em>negotiated</em> a deal. It was quiet.',
      text: 'They negotiated a deal. It was quiet.',
      sentences: [
        { id: 'p1-s1', text: 'They negotiated a deal.' },
        { id: 'p1-s2', text: 'It was quiet.' },
      ],
    }),
    makeParagraph('p2', { html: '“Rivers,” she said.', text: '“Rivers,” she said.' }),
  ],
});

async function openArticle() {
  const user = userEvent.setup();
  const { api } = renderApp('/article/12', {
    'GET /reader/article/12/show': ok(article),
    'GET /api/english/word': ok(makeEntry()),
  });
  await screen.findByRole('heading', { level: 1 });
  const text = screen.getByRole('group', { name: '正文' });
  // Tab reaches the text as one stop, past the page's header and tools.
  for (let i = 0; i < 40 && document.activeElement !== text; i++) await user.tab();
  expect(document.activeElement).toBe(text);
  return { user, api, text, cursor: () => screen.getByTestId('word-cursor').textContent };
}

describe('looking a word up with the keyboard', () => {
  it('Enter starts a cursor on the first word, arrows move it word by word, Enter opens the sheet for it with its sentence', async () => {
    const { user, api, text, cursor } = await openArticle();
    expect(text.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(text.getAttribute('aria-describedby')!)?.textContent).toContain('Enter 选词');

    await user.keyboard('{Enter}');
    expect(cursor()).toBe('They');
    await user.keyboard('{ArrowRight}');
    expect(cursor()).toBe('negotiated');
    await user.keyboard('{Enter}');

    const sheet = await screen.findByRole('dialog', { name: 'negotiate' });
    expect(sheet.classList.contains('word-sheet')).toBe(true);
    const lookup = api.to('GET /api/english/word').at(-1);
    expect(lookup?.query.get('word')).toBe('negotiated');
    expect(lookup?.query.get('sentence')).toBe('They negotiated a deal.');

    // Escape closes the sheet and the keyboard is back on the text, where the cursor carries on.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(text);
    await user.keyboard('{ArrowRight}');
    expect(cursor()).toBe('a');
  });

  it('moves between paragraphs, skips quotes and punctuation, and Escape ends the cursor', async () => {
    const { user, cursor } = await openArticle();
    await user.keyboard('{Enter}{ArrowDown}');
    expect(cursor()).toBe('Rivers');
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(cursor()).toBe('said');
    // At the end of the text it stays on the last word.
    await user.keyboard('{ArrowRight}');
    expect(cursor()).toBe('said');
    // Back from a paragraph's first word goes to the previous paragraph's last.
    await user.keyboard('{ArrowUp}{ArrowLeft}');
    expect(cursor()).toBe('They');
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(cursor()).toBe('quiet');

    await user.keyboard('{Escape}');
    expect(cursor()).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Without a cursor Enter starts one again, on the first word on screen.
    await user.keyboard('{Enter}');
    expect(cursor()).toBe('They');
  });

  it('keeps the words out of the Tab order: the text is one stop', async () => {
    const { text } = await openArticle();
    const stops = [...text.querySelectorAll('[tabindex], a, button')].filter((el) => !el.matches('.para-menu'));
    expect(stops).toEqual([]);
  });
});
