import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    ['\tplain', `"'\tplain"`],
    ['  =1+1', `"'  =1+1"`],
    [' \u3000@x', `"' \u3000@x"`],
  ])('turns %j, which a spreadsheet would run, into quoted text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['1+1=2', '1+1=2'],
    ['e-mail', 'e-mail'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
  ])('writes %j as it is, quoted only where CSV needs it', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a document with a byte-order mark and CRLF after every line', () => {
    expect(csvDocument(['a', 'b'], [['=1', 'x,y']])).toBe(`\uFEFFa,b\r\n"'=1","x,y"\r\n`);
  });
});
