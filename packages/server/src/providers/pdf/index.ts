// Printing HTML to PDF with headless Chromium.
export { chromiumPdf, type PdfRenderer } from './chromium.js';
