// npx tsx bench/build-chinese-frequency.ts <jieba dict.txt.big>
// Makes packages/server/src/modules/dictionary/chinese-frequency.tsv.gz: how often each Chinese word
// that can stand as an ECDICT item occurs in running Chinese text, from jieba's dictionary (fxsjy/jieba,
// MIT; its `extra_dict/dict.txt.big`, "word count tag" per line; the licence is kept in JIEBA-LICENSE
// beside the table). Only words some ECDICT line holds (as written, or in a form itemForms makes of
// it: 粘住 for "(使)粘住", 轻 for 轻的) are kept; a line is "<word>\t<count>", sorted by word.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { cleanTranslation, lineItems } from '../packages/server/src/modules/dictionary/ecdict-clean.js';
import { ecdictFile } from '../packages/server/src/modules/dictionary/ecdict.js';
import { frequencyForms } from '../packages/server/src/modules/dictionary/chinese-frequency.js';

const [dictFile] = process.argv.slice(2);
if (!dictFile) {
  console.error('usage: npx tsx bench/build-chinese-frequency.ts <jieba dict.txt.big>');
  process.exit(2);
}
const OUT = path.resolve(import.meta.dirname, '../packages/server/src/modules/dictionary/chinese-frequency.tsv.gz');

const counts = new Map<string, number>();
for (const line of fs.readFileSync(dictFile, 'utf8').split('\n')) {
  const [word, count] = line.trim().split(' ');
  if (word && /^\d+$/.test(count ?? '')) counts.set(word, Math.max(counts.get(word) ?? 0, Number(count)));
}

const wanted = new Set<string>();
const db = new SQLite(ecdictFile(), { readonly: true });
for (const { translation } of db.prepare('select translation from stardict where translation is not null').iterate() as Iterable<{
  translation: string;
}>) {
  for (const line of (cleanTranslation(translation) ?? '').split('\n')) {
    const text = line.replace(/^\s*([a-z]+\.|\[[^\]]+\])\s*/, '');
    for (const item of lineItems(text)) for (const form of frequencyForms(item)) if (counts.has(form)) wanted.add(form);
  }
}
db.close();

const text = [...wanted]
  .sort()
  .map((w) => `${w}\t${counts.get(w)}`)
  .join('\n');
fs.writeFileSync(OUT, gzipSync(text, { level: 9 }));
console.log(`${counts.size} jieba words, ${wanted.size} of them ECDICT items → ${OUT} (${fs.statSync(OUT).size} bytes)`);
