import { linkSettled } from './link-settled';

/**
 * On a page the server drew, the app's styles arrive as preloads marked with this attribute
 * (build/first-screen.ts): the drawn text has its own CSS inline, and restyling the page with
 * all of the app's would only hold up a tap on it. The app applies them just before its first
 * render.
 */
export const HELD_STYLE = 'data-held';

/** Applies the held styles and resolves once each has loaded (or failed: the app renders regardless). */
export function applyHeldStyles(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][as="style"][${HELD_STYLE}]`)];
  return Promise.all(
    links.map((link) => {
      const settled = linkSettled(link);
      link.removeAttribute(HELD_STYLE);
      link.rel = 'stylesheet';
      return settled;
    }),
  ).then(() => undefined);
}
