/** Resolves once a link has loaded or failed: what waits on it goes on either way. Listen before changing what it loads. */
export function linkSettled(link: HTMLLinkElement): Promise<void> {
  return new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
