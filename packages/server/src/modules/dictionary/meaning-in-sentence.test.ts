import { describe, expect, it } from 'vitest';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';
import { cleanTranslation } from './ecdict-clean.js';

const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });
const lookup = (word: string, sentence?: string) => dictionary.lookup(word, sentence, null);

describe('the meaning a tap shows first fits its sentence', () => {
  it('reads "is run by" as a passive verb and shows the transitive line (管理, 经营) first', async () => {
    const run = await lookup('run', 'Each one is run by local people.');
    expect(run.pos_in_context).toBe('VERB');
    expect(run.meanings[0]).toMatchObject({ pos: 'vt.', fits: true });
    expect(run.meanings[0]!.text).toMatch(/经营/);
    expect(run.definition).not.toMatch(/testing/);
  });

  it('gives a light switch its general definition, never a basketball move', async () => {
    const sw = await lookup('switch', 'Flip the light switch by the door.');
    expect(sw.meanings[0]!.text).toMatch(/^开关/);
    expect(sw.definitions.join(' ')).not.toMatch(/basketball/);
  });

  it('shows torn as tear 撕 (vt. first) with one British pronunciation /teə/, not 流泪 /tɪə/', async () => {
    const torn = await lookup('torn', 'The poster was torn in half.');
    expect(torn.meanings[0]!.text).toMatch(/撕裂/);
    expect(torn.phonetics).toEqual([
      { variant: 'UK', ipa: 'teə' },
      { variant: 'US', ipa: 'tɛr' },
    ]);
    const tears = await lookup('tears', 'She wiped the tears from her eyes.');
    expect(tears.phonetics[0]).toEqual({ variant: 'UK', ipa: 'tɪə' });
  });

  it('reads a word the tagger takes for a noun as the verb of its phrasal verb, in the sheet, its headword and its senses', async () => {
    const sentence = 'Mr. Chesley points out that the bridge was badly damaged.';
    const points = await lookup('points', sentence);
    expect(points.pos_in_context).toBe('VERB');
    expect(points.phrase?.text).toBe('point out');
    expect(points.meanings[0]).toMatchObject({ pos: expect.stringMatching(/^v/), fits: true });
    // What the word book keeps for the same tap is the same reading.
    expect(dictionary.senses('points', sentence)?.meanings[0]).toMatchObject({ pos: expect.stringMatching(/^v/) });
    const building = await lookup('building', 'He began building up the paper business in the nineties.');
    expect(building.word).toBe('build');
    expect(building.phrase?.text).toBe('build up');
  });

  it('reads stick after a causative object as a verb', async () => {
    const stick = await lookup('stick', 'A good story can make a phrase stick for years.');
    expect(stick.pos_in_context).toBe('VERB');
    expect(stick.meanings[0]).toMatchObject({ pos: expect.stringMatching(/^v/), fits: true });
  });
});

describe('ECDICT noise cleaned at load', () => {
  it('drops a computing term ECDICT appended to a general line, keeping it on its [计] line', async () => {
    const gap = await lookup('gap', 'There is a gap between the two walls.');
    expect(gap.meanings[0]!.text).not.toMatch(/汇编/);
    expect(gap.meanings[0]!.text).toMatch(/缝隙/);
    expect(cleanTranslation('n. 缝隙, 缺口, 通用汇编程序\n[计] 通用汇编程序, 间距')).toBe('n. 缝隙, 缺口\n[计] 通用汇编程序, 间距');
  });

  it("reads a negative contraction as its auxiliary with not (don't → 不, not the rare noun 禁忌)", async () => {
    const dont = await lookup('don’t', 'I don’t know where she lives.');
    expect(dont.meanings[0]).toMatchObject({ pos: 'aux.', fits: true });
    expect(dont.meanings[0]!.text).toMatch(/do not/);
    expect(dont.function_note).toMatch(/缩写/);
    expect((await lookup("can't", "I can't find my keys.")).meanings[0]!.text).toMatch(/不能/);
  });

  it("shows a phrase's own meanings without the web's film titles or a character cut from a word", async () => {
    const love = await lookup('falling', 'Two people are falling in love.');
    expect(love.phrase).toMatchObject({ text: 'fall in love', meanings: [{ pos: null, text: '陷入爱河' }] });
    const forward = await lookup('forward', 'I look forward to your letter.');
    expect(forward.phrase!.meanings[0]!.text).toBe('期望, 盼望, 瞩望, 属望');
    // The word book reads the same cleaned entry when the reader adds the phrase itself.
    expect((await lookup('fall in love')).meanings[0]!.text).toBe('陷入爱河');
  });

  it("reads a possessive as its noun (men's eyes are 男人's, not ECDICT's 男公共厕所), and it's as it is", async () => {
    const men = await lookup("men's", "It fell in value in men's eyes.");
    expect(men.meanings[0]!.text).toMatch(/^男人/);
    expect(JSON.stringify(men.meanings)).not.toMatch(/厕所/);
    expect((await lookup("it's", "I think it's late.")).meanings[0]!.text).toMatch(/it is/);
  });

  it('corrects the source typo 决窍 to 诀窍 everywhere', async () => {
    const trick = await lookup('trick', 'The trick is to start early.');
    expect(JSON.stringify(trick.meanings)).toMatch(/诀窍/);
    expect(JSON.stringify(trick.meanings)).not.toMatch(/决窍/);
  });

  it("weighs WordNet's position markers where the first sense cannot stand there (session 32)", async () => {
    // certain(a) "definite but not specified" only before a noun; present(a) "now existing" likewise.
    expect((await lookup('certain', 'She was certain that he would come.')).definition).toMatch(/no doubt/);
    expect((await lookup('present', 'Only ten members were present at the meeting.')).definition).toMatch(/specified place/);
    expect((await lookup('present', 'The present system is too slow.')).definition).toMatch(/temporal/);
    expect((await lookup('present', "The club's present rules are too strict.")).definition).toMatch(/temporal/);
  });

  it('reads times as 倍 only where it multiplies a comparison (session 32)', async () => {
    expect((await lookup('times', 'Rents are now ten times the level of 1990.')).meanings[0]!.text).toBe('倍');
    for (const sentence of ['He called five times that day.', 'She read the letter three times over.', 'Times are hard for farmers.'])
      expect((await lookup('times', sentence)).meanings[0]!.text).not.toMatch(/倍/);
  });

  it('corrects 张帖 to 张贴 (session 32) and keeps the words 请帖', async () => {
    const posted = JSON.stringify((await lookup('posted', 'She posted the notice on the church door.')).meanings);
    expect(posted).toMatch(/张贴/);
    expect(posted).not.toMatch(/张帖/);
    expect(cleanTranslation('n. 请帖, 字帖\nvt. 张帖')).toBe('n. 请帖, 字帖\nvt. 张贴');
  });

  it('corrects the other miswritings found in the source (时侯, 铁练, 岔恨)', async () => {
    const time = JSON.stringify((await lookup('time', 'What time is it?')).meanings);
    expect(time).toMatch(/时候/);
    expect(time).not.toMatch(/时侯/);
    expect(JSON.stringify((await lookup('chain', 'They chained the gate.')).meanings)).not.toMatch(/铁练/);
    expect(JSON.stringify((await lookup('resentful', 'They seemed resentful.')).meanings)).toMatch(/忿恨/);
    // "too late" is glossed 客来扫地 in the source.
    expect((await lookup('late', 'It is too late to change the plan.')).phrase?.meanings[0]?.text).toMatch(/太迟/);
  });
});

describe('a form is its own lemma, not a word that spells that form otherwise', () => {
  // wink-nlp strips -ed and -ing without the e: stared → star, riding → rid, fined → fin.
  it.each([
    ['stared', 'She stared at the wall for an hour.', 'stare'],
    ['riding', 'He was riding a bike to school.', 'ride'],
    ['fined', 'The company was fined $5 million.', 'fine'],
    ['shining', 'The sun was shining all day.', 'shine'],
    ['coping', 'She is coping well with the new job.', 'cope'],
    ['staged', 'Workers staged a protest outside the plant.', 'stage'],
    ['waning', 'The chances of getting it into the bill are waning.', 'wane'],
    ['discs', 'He collects old vinyl discs.', 'disc'],
    // wink's lemma lists no plural at all and is a rare word (masse, a billiards shot; tun, a cask).
    ['masses', 'The masses were hungry for bread.', 'mass'],
    ['tuning', 'The band was tuning their guitars.', 'tune'],
    ['imagines', 'She imagines a world without cars.', 'imagine'],
  ])('reads %s in "%s" as %s', async (word, sentence, headword) => {
    expect((await lookup(word, sentence)).word).toBe(headword);
  });

  it('keeps wink-nlp\'s lemma where ECDICT lists no form of that kind for it ("cookies" is cookie, not cooky)', async () => {
    expect((await lookup('cookies', 'The children ate all the cookies.')).word).toBe('cookie');
    expect((await lookup('going', 'We are going home.')).word).toBe('go');
  });
});

describe("a phrase's Chinese leads with the sense its sentence means", () => {
  // ECDICT orders a phrase's items by no frequency: "come out" leads with 到边远地区来, "step down" with 走下.
  it.each([
    ['came', 'She waited by the door, but nobody came out.', 'come out', '出现'],
    ['stepped', 'The chairman stepped down after ten years in the job.', 'step down', '辞职'],
    ['paid', 'All that hard training finally paid off.', 'pay off', '取得成功'],
    ['showed', 'Only three students showed up for the class.', 'show up', '露面'],
    ['cut', 'The company cut back spending on travel.', 'cut back', '削减'],
  ])('"%s" in "%s" names %s, first item %s', async (word, sentence, phrase, first) => {
    const entry = await lookup(word, sentence);
    expect(entry.phrase?.text).toBe(phrase);
    expect(entry.phrase?.meanings[0]?.text.split(', ')[0]).toBe(first);
  });

  it("keeps ECDICT's order when no item says the sense ranked first", async () => {
    expect((await lookup('gave', 'After three tries he finally gave up.')).phrase?.meanings[0]?.text).toMatch(/^放弃/);
  });
});

describe('a figure right after a verb measures a change of amount', () => {
  // Press text reports prices, sales and indexes this way every day; ECDICT lists 下跌 sixth for fall.
  it.each([
    ['fell', 'Sales fell 12% in the quarter.', '下跌', /decrease/],
    ['dropped', 'Santa Fe Pacific dropped 1 1/8 to 17 3/4.', '下降', /go down in value/],
    ['rose', 'Government construction spending rose 4.3% to $88 billion.', '上升', /increase in value/],
    ['jumped', 'Profit for the nine months jumped 21% to $721 million.', '突升', /increase/],
    ['climbed', 'Operating profit climbed by 51%.', '上升', /go up/],
  ])('"%s" in "%s" leads with %s, its definition the same sense', async (word, sentence, first, definition) => {
    const entry = await lookup(word, sentence);
    expect(entry.meanings[0]!.text.split(', ')[0]).toBe(first);
    expect(entry.definition).toMatch(definition);
  });

  it('keeps the everyday sense with no figure ("The old tree fell in the storm" 倒下) and a sum collected ("raised $10 million" 筹集)', async () => {
    expect((await lookup('fell', 'The old tree fell in the storm.')).meanings[0]!.text).toMatch(/^倒下/);
    expect((await lookup('raised', 'The company raised $100 million from investors.')).meanings[0]!.text).toMatch(/^筹集/);
  });

  it('reads a sum after a verb with a sense of money as that sense ("lost $5 million" 损失, not 遗失)', async () => {
    expect((await lookup('lost', 'The airline lost $5 million in the first quarter.')).meanings[0]!.text.split(', ')[0]).toBe('损失');
    expect((await lookup('lost', 'She lost her keys on the bus.')).meanings[0]!.text.split(', ')[0]).not.toBe('损失');
  });
});

describe('a verb that reports speech means saying', () => {
  it.each([
    ['added', 'Sales will recover next year, the company added.', '附带说明', /say/],
    ['added', 'He added, "We do not intend to be drawn into it."', '附带说明', /say/],
    ['added', 'She added that the talks would continue.', '附带说明', /say/],
    ['observed', '"You and I have fallen out of literature into politics," Moreland observed.', '评论', /mention|remark/],
  ])('"%s" in "%s" leads with %s', async (word, sentence, first, definition) => {
    const entry = await lookup(word, sentence);
    expect(entry.meanings[0]!.text.split(', ')[0]).toBe(first);
    expect(entry.definition).toMatch(definition);
  });

  it('keeps the everyday sense where nothing is reported (sugar added, a quotation closed, "maintain that linkage", "we observe that")', async () => {
    expect((await lookup('added', 'She added sugar to the tea.')).meanings[0]!.text).toMatch(/^增加/);
    expect(
      (await lookup('maintained', '"Until a better level of profit is achieved and maintained," Magna said.')).meanings[0]!.text,
    ).not.toMatch(/^坚持/);
    expect((await lookup('maintain', 'The system could then maintain that linkage by feedback.')).meanings[0]!.text).not.toMatch(/^坚持/);
    expect((await lookup('observe', 'We first observe that the second curve is smooth.')).meanings[0]!.text).not.toMatch(/^评论/);
  });
});

describe('"since" between have and its participle', () => {
  it('reads "has since classified" as the perfect (已经…), not 有', async () => {
    expect((await lookup('has', 'Mr. Noriega has since classified the resume as secret.')).meanings[0]!.pos).toBe('aux.');
  });
});

describe('a verb of noticing before what was noticed means noticing', () => {
  it('shows 注意 for "Dealers noted that…" and the imperative "Note, however, that…", 记录 for a note written down', async () => {
    expect((await lookup('noted', "Dealers noted that the market's first reaction was bearish.")).meanings[0]!.text).toMatch(/^注意/);
    expect((await lookup('Note', 'Note, however, that it is six inches shorter at the forward end.')).meanings[0]!.text).toMatch(/^注意/);
    expect((await lookup('noted', 'She noted the figures in her diary.')).meanings[0]!.text).toMatch(/^记录/);
  });
});

describe('a clause without "that" is the object of the verb before it', () => {
  it('shows the vt. line for "I really think they can win" and "she replied she had not seen him"', async () => {
    expect((await lookup('think', 'I really think they can win the cup.')).meanings[0]!.pos).toBe('vt.');
    expect((await lookup('replied', 'She replied she had not seen him.')).meanings[0]!.pos).toBe('vt.');
  });

  it('keeps vi. where the pronoun opens the next clause ("when he died he owed money")', async () => {
    expect((await lookup('died', 'When he died he owed money to the bank.')).meanings[0]!.pos).toBe('vi.');
  });
});

describe('a verb before its adjective says what something became', () => {
  it.each([
    ['proved', 'He has proved more resilient than any of them.', 'vi.', '证明是'],
    ['fell', 'The room fell silent.', 'vi.', '变成'],
    ['turned', 'The milk turned sour.', 'vi.', '变成'],
    ['looked', 'She looked tired after the trip.', 'vi.', '显得'],
    ['got', 'He got so fed up with the noise that he left.', 'vi.', '成为'],
  ])('"%s" in "%s" leads with %s %s', async (word, sentence, pos, first) => {
    const entry = await lookup(word, sentence);
    expect(entry.meanings[0]!.pos).toBe(pos);
    expect(entry.meanings[0]!.text.split(', ')[0]).toBe(first);
  });

  it('keeps the verb\'s own sense before a noun ("turned the page" 使旋转…, "fell the trees" is another verb)', async () => {
    expect((await lookup('turned', 'She turned the page.')).meanings[0]!.pos).toBe('vt.');
  });
});

describe('a word in lower case is not the name ECDICT files beside it', () => {
  it('leads "fine china" with 瓷器 and "China" with 中国, "the march on Washington" with 进行', async () => {
    expect((await lookup('china', 'Good bargains may be found in European china.')).meanings[0]!.text).toMatch(/^瓷器/);
    expect((await lookup('China', 'The Premier of China visited Japan.')).meanings[0]!.text).toMatch(/^中国/);
    expect((await lookup('march', 'They joined the march on Washington.')).meanings[0]!.text).toMatch(/^进行/);
  });
});
