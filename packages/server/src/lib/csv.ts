/**
 * CSV cells and rows, the one way the product writes CSV (RFC 4180, CRLF line ends).
 *
 * Spreadsheet apps run a cell that starts with `=`, `+`, `-` or `@` as a formula, and also one
 * that starts with a tab or carriage return, or with such a character after leading spaces.
 * Cells hold text readers and feeds wrote (context sentences, article titles), so such a cell is
 * neutralised as OWASP's "CSV Injection" page recommends: a single quote in front makes it text,
 * and the cell is quoted.
 */
const FORMULA_START = /^\s*[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: neutralised when it could start a formula, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) return `"'${text.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, without its line end. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(',');
}

/**
 * A whole document: header and rows, CRLF after every line, and a byte-order mark first so
 * spreadsheet apps open Chinese text as UTF-8.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `\uFEFF${[header, ...rows].map(csvRow).join('\r\n')}\r\n`;
}
