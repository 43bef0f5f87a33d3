import type { Browser } from 'playwright-core';
import { Unavailable } from '../../lib/errors.js';

export interface PdfRenderer {
  /** Prints an HTML document to an A4 PDF with page numbers in the footer. */
  print(html: string, options: { footer: string }): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * Headless Chromium (Debian `chromium`) through playwright-core: one browser for the process,
 * started on first use, and one print at a time (a page is heavy on a small server).
 */
export function chromiumPdf(executablePath: string): PdfRenderer {
  let browser: Promise<Browser> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  // playwright-core is loaded with the first print: it holds ~40 MB, which a server that never
  // prints a PDF would carry for nothing (docs/performance.md, Memory).
  const launch = () =>
    import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({
          executablePath,
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        }),
      )
      .catch((error: unknown) => {
        browser = null;
        throw new Unavailable(
          `无法启动 Chromium（${executablePath}）：${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        );
      });

  async function printNow(html: string, footer: string): Promise<Buffer> {
    browser ??= launch();
    let b = await browser;
    if (!b.isConnected()) {
      browser = launch();
      b = await browser;
    }
    const context = await b.newContext({ javaScriptEnabled: true, offline: true });
    try {
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load', timeout: 60_000 });
      // Lazy images load only when scrolled to: make them eager and wait for every one.
      await page.evaluate(async () => {
        const images = Array.from(document.images);
        for (const image of images) image.loading = 'eager';
        await Promise.all(
          images.map((image) =>
            image.complete
              ? Promise.resolve()
              : new Promise((resolve) => {
                  image.addEventListener('load', resolve, { once: true });
                  image.addEventListener('error', resolve, { once: true });
                }),
          ),
        );
        await document.fonts.ready;
      });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '18mm', bottom: '20mm', left: '16mm', right: '16mm' },
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: `<div style="width:100%;font-size:8px;color:#777;padding:0 16mm;display:flex;justify-content:space-between;font-family:'Noto Sans CJK SC',sans-serif"><span>${footer}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`,
      });
      return Buffer.from(pdf);
    } finally {
      await context.close();
    }
  }

  return {
    print(html, { footer }) {
      const job = queue.then(() => printNow(html, footer));
      queue = job.catch(() => undefined);
      return job;
    },
    async close() {
      const b = await browser?.catch(() => null);
      browser = null;
      await b?.close();
    },
  };
}
