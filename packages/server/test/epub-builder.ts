import sharp from 'sharp';
import yazl from 'yazl';

/** One file of a hand-made ZIP: `store` keeps it uncompressed (as OCF requires of `mimetype`). */
export interface ZipEntry {
  name: string;
  data: Buffer | string;
  store?: boolean;
}

export function zip(entries: ZipEntry[]): Promise<Buffer> {
  const file = new yazl.ZipFile();
  for (const e of entries) {
    file.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data), e.name, { compress: !e.store, mtime: new Date(0) });
  }
  file.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.outputStream.on('data', (c: Buffer) => chunks.push(c));
    file.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    file.outputStream.on('error', reject);
  });
}

/** A small PNG of one colour, made with sharp. */
export function png(width = 40, height = 30, color = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export interface BookChapter {
  title: string;
  /** Body XHTML (inside <body>). */
  body: string;
  /** Sub-entries of the TOC under this chapter, as anchors inside it. */
  sections?: { title: string; anchor: string }[];
}

export interface BookSpec {
  version: 2 | 3;
  title?: string;
  author?: string;
  language?: string;
  chapters?: BookChapter[];
  /** Adds `images/cover.png` as the cover and `images/figure.png` used in chapter 1. */
  images?: boolean;
  /** Extra entries, or replacements of generated ones by name. */
  extra?: ZipEntry[];
}

const xhtml = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${title}</title></head>
<body>${body}</body></html>`;

export const DEFAULT_CHAPTERS: BookChapter[] = [
  {
    title: 'The Harbour',
    body: `<h1 id="c1">The Harbour</h1><p id="a">The little boat waited in the quiet harbour. Mia looked at the grey water and smiled.</p>
<h2 id="s1">Morning</h2><p>Every morning the fishermen negotiated the price of their catch.</p>
<h2 id="s2">Evening</h2><p>In the evening the lights came on, one by one, along the old wall.</p>`,
    sections: [
      { title: 'Morning', anchor: 's1' },
      { title: 'Evening', anchor: 's2' },
    ],
  },
  {
    title: 'The Storm',
    body: `<h1>The Storm</h1><p>The wind rose before midnight. Nobody in the village slept.</p><p>By dawn the storm had passed, and the sea was calm again.</p>`,
  },
];

/** An EPUB 2 (OPF 2 + NCX) or EPUB 3 (OPF 3 + nav document) made in memory. */
export async function buildEpub(spec: BookSpec): Promise<Buffer> {
  const chapters = spec.chapters ?? DEFAULT_CHAPTERS;
  const title = spec.title ?? 'A Test Book';
  const entries: ZipEntry[] = [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
  ];
  const manifest: string[] = [];
  const spine: string[] = [];
  chapters.forEach((c, i) => {
    let body = c.body;
    if (spec.images && i === 0)
      body += `<figure><img src="../images/figure.png" alt="A figure"/><figcaption>A figure</figcaption></figure>`;
    entries.push({ name: `OEBPS/text/ch${i + 1}.xhtml`, data: xhtml(c.title, body) });
    manifest.push(`<item id="ch${i + 1}" href="text/ch${i + 1}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="ch${i + 1}"/>`);
  });
  if (spec.images) {
    entries.push({ name: 'OEBPS/images/cover.png', data: await png(60, 90, '#aa3322') });
    entries.push({ name: 'OEBPS/images/figure.png', data: await png() });
    manifest.push(
      `<item id="cover-img" href="images/cover.png" media-type="image/png"${spec.version === 3 ? ' properties="cover-image"' : ''}/>`,
      `<item id="fig" href="images/figure.png" media-type="image/png"/>`,
    );
  }
  const meta = `<dc:title>${title}</dc:title><dc:creator>${spec.author ?? 'Test Author'}</dc:creator><dc:language>${spec.language ?? 'en'}</dc:language><dc:identifier id="uid">urn:uuid:${title.length}</dc:identifier>`;
  if (spec.version === 3) {
    const li = chapters
      .map((c, i) => {
        const sub = c.sections?.length
          ? `<ol>${c.sections.map((s) => `<li><a href="ch${i + 1}.xhtml#${s.anchor}">${s.title}</a></li>`).join('')}</ol>`
          : '';
        return `<li><a href="ch${i + 1}.xhtml">${c.title}</a>${sub}</li>`;
      })
      .join('');
    entries.push({ name: 'OEBPS/text/nav.xhtml', data: xhtml('Contents', `<nav epub:type="toc"><h1>Contents</h1><ol>${li}</ol></nav>`) });
    manifest.push(`<item id="nav" href="text/nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`);
    entries.push({
      name: 'OEBPS/content.opf',
      data: `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">${meta}</metadata><manifest>${manifest.join('')}</manifest><spine>${spine.join('')}</spine></package>`,
    });
  } else {
    let order = 0;
    const points = chapters
      .map((c, i) => {
        const sub = (c.sections ?? [])
          .map(
            (s) =>
              `<navPoint id="n${i}-${s.anchor}" playOrder="${++order}"><navLabel><text>${s.title}</text></navLabel><content src="text/ch${i + 1}.xhtml#${s.anchor}"/></navPoint>`,
          )
          .join('');
        return `<navPoint id="n${i}" playOrder="${++order}"><navLabel><text>${c.title}</text></navLabel><content src="text/ch${i + 1}.xhtml"/>${sub}</navPoint>`;
      })
      .join('');
    entries.push({
      name: 'OEBPS/toc.ncx',
      data: `<?xml version="1.0" encoding="UTF-8"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>${title}</text></docTitle><navMap>${points}</navMap></ncx>`,
    });
    manifest.push(`<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>`);
    entries.push({
      name: 'OEBPS/content.opf',
      data: `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">${meta}${spec.images ? '<meta name="cover" content="cover-img"/>' : ''}</metadata><manifest>${manifest.join('')}</manifest><spine toc="ncx">${spine.join('')}</spine></package>`,
    });
  }
  for (const e of spec.extra ?? []) {
    const at = entries.findIndex((x) => x.name === e.name);
    if (at >= 0) entries[at] = e;
    else entries.push(e);
  }
  return zip(entries);
}

/** Renames an entry inside a finished ZIP (local header and central directory) to a same-length name yazl would refuse. */
export function renameEntry(zipData: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('names must have the same length');
  const out = Buffer.from(zipData);
  const needle = Buffer.from(from);
  let at = out.indexOf(needle);
  while (at >= 0) {
    Buffer.from(to).copy(out, at);
    at = out.indexOf(needle, at + 1);
  }
  return out;
}
