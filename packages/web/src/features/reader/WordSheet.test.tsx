import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { EARLY_SHEET_ID, wordEntryHtml, wordPhraseHtml, wordSheetPendingHtml } from '@changdu/contract';
import { PhraseSection } from './PhraseSection';
import { makeEntry } from '../../test/reader';
import { Entry, WordSheet, withChosenFirst } from './WordSheet';

afterEach(() => vi.unstubAllGlobals());

describe('the word sheet while its word is looked up', () => {
  it('is the sheet the first screen’s script draws (contract wordSheetPendingHtml), so the app’s replaces it in place', async () => {
    // The dictionary never answers: the sheet stays in its looking-up state.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <WordSheet
            target={{ word: 'negotiated', sentence: 'They negotiated.' }}
            articleId={12}
            info={undefined}
            onClose={() => undefined}
            onEditNote={() => undefined}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const app = await screen.findByRole('dialog', { name: 'negotiated' });
    const drawn = document.createElement('template');
    drawn.innerHTML = wordSheetPendingHtml('negotiated');
    const wrapper = drawn.content.getElementById(EARLY_SHEET_ID)!;
    const [backdrop, layer] = [...wrapper.children] as HTMLElement[];
    // The title's id is the app's own (useId): the script's names its title the same way.
    const panel = layer!.querySelector<HTMLElement>('.modal-panel')!;
    const titleId = app.getAttribute('aria-labelledby')!;
    panel.setAttribute('aria-labelledby', titleId);
    panel.querySelector('h2')!.id = titleId;
    expect(document.querySelector('.modal-backdrop')!.isEqualNode(backdrop!)).toBe(true);
    const appLayer = app.parentElement!;
    expect(appLayer.cloneNode(false).isEqualNode(layer!.cloneNode(false)), appLayer.outerHTML).toBe(true);
    expect(app.cloneNode(false).isEqualNode(panel.cloneNode(false))).toBe(true);
    // Grabber and header (title, close) alike; the body starts with the same spinner (the app adds its AI button under it).
    for (const selector of ['.modal-grabber', '.modal-header', '.modal-body > .word-sheet-body > :first-child'])
      expect(app.querySelector(selector)!.isEqualNode(panel.querySelector(selector)), selector).toBe(true);
  });
});

describe('the entry the first screen’s script shows before the app has started', () => {
  // What contract wordEntryHtml draws must be the top of the app's Entry, node for node: the
  // app's sheet replaces the script's in place, and only what lies below may appear then.
  const cases = [
    makeEntry(),
    makeEntry({ phonetics: [], phonetic: 'rʌn', frequency: null, form_of: null, pos_in_context: null, function_note: '用法 <短语>' }),
    makeEntry({ meanings: [{ pos: null, text: 'A & B', fits: false }], definition: null, phonetic: null, phonetics: [] }),
  ];
  it.each(cases.map((entry, i) => [i, entry] as const))('is the app’s entry, as far as it goes (case %i)', (_i, entry) => {
    const { container } = render(<Entry entry={entry} />);
    const app = container.querySelector('.word-entry')!;
    const drawn = document.createElement('template');
    drawn.innerHTML = wordEntryHtml(entry);
    const script = drawn.content.querySelector('.word-entry')!;
    expect(app.cloneNode(false).isEqualNode(script.cloneNode(false))).toBe(true);
    const drawnParts = [...script.children];
    expect(drawnParts.length).toBeGreaterThan(0);
    expect([...app.children].slice(0, drawnParts.length).map((n) => n.outerHTML)).toEqual(drawnParts.map((n) => n.outerHTML));
  });
});

describe('the phrase the first screen’s script shows before the app has started', () => {
  it.each([
    { text: 'give up', meanings: [{ pos: 'v.', text: '放弃, 投降' }], definition: 'stop maintaining or insisting on' },
    { text: 'in spite of', meanings: [{ pos: null, text: '尽管' }], definition: null },
  ])('is the app’s phrase section without its button ($text)', (phrase) => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <PhraseSection phrase={phrase} sentence="He gave it up." articleId={1} />
      </QueryClientProvider>,
    );
    const drawn = document.createElement('template');
    drawn.innerHTML = wordPhraseHtml(phrase);
    // Logged out, the app's section has no button either: the two are the same node for node.
    expect(container.querySelector('.word-phrase')!.isEqualNode(drawn.content.querySelector('.word-phrase'))).toBe(true);
  });
});

describe('a meaning chosen by the provider for the sentence (ai.wordSense)', () => {
  const entry = makeEntry({
    word: 'bank',
    sense_sure: false,
    meanings: [
      { pos: 'n.', text: '银行, 堤, 岸', fits: true },
      { pos: 'vt.', text: '存入银行', fits: false },
    ],
  });

  it('goes first, in the first line, labelled as the AI’s; the other items and lines stay', () => {
    const chosen = withChosenFirst(entry, { pos: 'n.', text: '岸' });
    expect(chosen.meanings.map((m) => m.text)).toEqual(['岸, 银行, 堤', '存入银行']);
    render(<Entry entry={chosen} chosenBy="fake-model" />);
    expect(screen.getByRole('status').textContent).toContain('AI 判断');
    expect(screen.getByRole('list', { name: '中文释义' }).querySelector('li')?.textContent).toBe('n.岸, 银行, 堤');
  });

  it('changes nothing when the choice is not one of the fitting meanings', () => {
    expect(withChosenFirst(entry, { pos: 'n.', text: '香蕉' })).toBe(entry);
    expect(withChosenFirst(entry, { pos: 'vt.', text: '存入银行' })).toBe(entry);
  });
});
