import { expect, test, type Page } from '@playwright/test';

export const ADMIN = { phone: '13600000000', password: 'e2e-admin-pass1' };

/** A phone number no other test uses. */
export function uniquePhone(): string {
  return `139${String(Date.now()).slice(-8)}`;
}

export async function logIn(page: Page, account: string, password: string) {
  await page.goto('/Login');
  await page.getByLabel('手机号或用户名').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/Login/);
}

/**
 * Where a whole word of the reading page's text is on screen (scrolled into view first): the nth
 * match in reading order, `along` its width (0.5: the middle), at the middle of its line. On a page
 * the server drew (`#root[data-drawn]`), once the app's reader has taken it over (it then clears
 * `__cdEarlyTap`), unless `early`: what the app adds above the text (a summary card it has
 * already) would move the word between reading its place and tapping it.
 */
async function wordPoint(page: Page, word: string, nth: number, along: number, early = false): Promise<{ x: number; y: number }> {
  type Hit = { node: Text; offset: number };
  // The app may draw the paragraph anew (marks arriving) between finding the word and measuring
  // it: then the found text node is gone and the word is looked for again.
  for (;;) {
    // Polled until the word is there; synchronous, since a predicate's promise would count as found at once.
    await page.waitForFunction(
      ([word, nth, early]) => {
        const drawn = !!document.getElementById('root')?.dataset.drawn;
        if (drawn && !early && (window as { __cdEarlyTap?: unknown }).__cdEarlyTap !== null) return false;
        const pattern = new RegExp(`(?<![A-Za-z'’])${word}(?![A-Za-z'’])`, 'g');
        const found: Hit[] = [];
        for (const root of Array.from(document.querySelectorAll('[data-pid]'))) {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
            for (const match of node.data.matchAll(pattern)) found.push({ node, offset: match.index });
          }
        }
        (window as { __e2eWord?: Hit }).__e2eWord = found[nth];
        return found[nth] !== undefined;
      },
      [word, nth, early] as const,
    );
    const point = await page.evaluate(
      async ([word, along]) => {
        const hit = (window as { __e2eWord?: Hit }).__e2eWord;
        if (!hit?.node.isConnected) return null;
        hit.node.parentElement!.scrollIntoView({ block: 'center' });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        if (!hit.node.isConnected) return null;
        const range = document.createRange();
        range.setStart(hit.node, hit.offset);
        range.setEnd(hit.node, hit.offset + word.length);
        const box = range.getBoundingClientRect();
        return { x: box.left + box.width * along, y: box.top + box.height / 2 };
      },
      [word, along] as const,
    );
    if (!point) continue;
    // A logged-in reader's pre-read panel arrives after the text and moves it down: a point is
    // trusted once the word stays there a moment, or the tap lands where the word was.
    if (early) return point;
    await page.waitForTimeout(400);
    const still = await page.evaluate(([x, y]) => {
      const hit = (window as { __e2eWord?: { node: Text } }).__e2eWord;
      const at = document.caretRangeFromPoint(x, y);
      return !!hit && at?.startContainer === hit.node;
    }, [point.x, point.y] as const);
    if (still) return point;
  }
}

/**
 * Taps a word of the reading page where it is drawn, as a finger would: words are plain text
 * (only marked words have elements), and the page finds the word from the text at the point.
 */
export async function tapWord(page: Page, word: string, nth = 0, along = 0.5, early = false): Promise<void> {
  const { x, y } = await wordPoint(page, word, nth, along, early);
  await page.mouse.click(x, y);
}

/**
 * Selects the text of the reading page from the start of one word to the end of another, in the
 * first paragraph holding the first word, and lifts the finger.
 */
export async function selectWords(page: Page, from: string, to: string): Promise<void> {
  await page.evaluate(
    ([from, to]) => {
      const first = new RegExp(`\\b${from}\\b`);
      const root = Array.from(document.querySelectorAll('[data-pid]')).find((p) => first.test(p.textContent ?? ''))!;
      const text = root.textContent ?? '';
      const start = text.search(first);
      const endWord = new RegExp(`\\b${to}\\b`, 'g');
      let end = -1;
      for (const match of text.matchAll(endWord)) if (match.index >= start) end = match.index + to.length;
      const at = (offset: number) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        let seen = 0;
        for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
          if (offset <= seen + node.data.length) return { node, offset: offset - seen };
          seen += node.data.length;
        }
        throw new Error(`offset ${offset} is past the paragraph`);
      };
      const a = at(start);
      const b = at(end);
      const range = document.createRange();
      range.setStart(a.node, a.offset);
      range.setEnd(b.node, b.offset);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    },
    [from, to] as const,
  );
}

/** Resolves when the page's finite animations and transitions have run. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A change made just now starts its transitions with the next style pass.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * The screen at 390×844 in the light and dark schemes, kept with the test's results to look at;
 * each once the theme's colour transitions have run (mid-way, a dark shot comes out grey).
 */
export async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await settled(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
