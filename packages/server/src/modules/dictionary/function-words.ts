import type { TokenInContext } from './lemmatizer.js';

/**
 * Function words: the dictionary's entries for them are archaic or computing jargon ("the: v. i. See
 * Thee", "a: art. [计] 累加器"), so a learner gets a short explanation of how the word works instead,
 * and the everyday meaning first. Keyed by the tapped form (lower case).
 */
export interface FunctionWord {
  /** The everyday meaning shown first, with ECDICT's part-of-speech label. */
  pos: string;
  meaning: string;
  /** A short learner's explanation in Chinese. */
  note: string;
}

const FUNCTION_WORDS: Record<string, FunctionWord> = {
  the: {
    pos: 'art.',
    meaning: '这, 那（定冠词）',
    note: '定冠词：指说话双方都知道的、前面提到过的或独一无二的人和事物。元音音素前读 /ði/，辅音前读 /ðə/。',
  },
  a: {
    pos: 'art.',
    meaning: '一(个), 每一',
    note: '不定冠词：用在辅音音素开头的单数可数名词前，表示“一个”或泛指某一类中的一个；元音音素前用 an。',
  },
  an: { pos: 'art.', meaning: '一(个), 每一', note: '不定冠词：a 的变体，用在元音音素开头的词前，如 an apple、an hour（h 不发音）。' },
  of: {
    pos: 'prep.',
    meaning: '…的, 属于, 由…组成',
    note: '介词：表示所属、部分、数量或内容，常译作“…的”，如 a cup of tea（一杯茶）、the end of the day。',
  },
  to: {
    pos: 'prep.',
    meaning: '到, 向, 对于',
    note: '介词：表示方向、对象或到达点（go to school）；也是动词不定式的标志，后接动词原形（want to read）。',
  },
  and: { pos: 'conj.', meaning: '和, 与, 而且', note: '并列连词：连接两个相同成分，表示并列、顺接或递进。' },
  or: { pos: 'conj.', meaning: '或者, 还是, 否则', note: '并列连词：表示选择；用在祈使句后表示“否则”。' },
  but: { pos: 'conj.', meaning: '但是, 然而', note: '并列连词：表示转折；作介词时意为“除了”（all but one）。' },
  in: {
    pos: 'prep.',
    meaning: '在…里, 在…期间, 用(某种方式)',
    note: '介词：表示在某空间内、某段时间内（in 2020, in May）或方式、状态（in English）。',
  },
  on: { pos: 'prep.', meaning: '在…上, 关于, 在(某天)', note: '介词：表示在表面上、在某一天（on Monday）或“关于”（a book on history）。' },
  at: { pos: 'prep.', meaning: '在(某点), 在(某时刻)', note: '介词：表示在某个具体地点或时间点（at home, at 7 o’clock）。' },
  for: { pos: 'prep.', meaning: '为了, 给, 持续(一段时间)', note: '介词：表示目的、对象或持续时间（for two years）；作连词时意为“因为”。' },
  with: { pos: 'prep.', meaning: '和…一起, 用, 带有', note: '介词：表示伴随、工具或具有某特征（with a pen, a girl with long hair）。' },
  by: {
    pos: 'prep.',
    meaning: '被, 通过, 在…旁边, 到…为止',
    note: '介词：在被动句中引出动作执行者；也表示方式、手段（by bus）或期限（by Friday）。',
  },
  from: { pos: 'prep.', meaning: '从, 来自, 由于', note: '介词：表示起点、来源或原因（from Beijing, from 9 to 5）。' },
  as: {
    pos: 'conj.',
    meaning: '作为, 当…时, 因为, 像',
    note: '介词/连词：表示身份“作为”、时间“当…时”、原因“因为”或比较“像…一样”（as tall as）。',
  },
  than: { pos: 'conj.', meaning: '比', note: '连词：用在比较级后引出比较对象（taller than me）。' },
  that: { pos: 'pron.', meaning: '那, 那个', note: '指示代词“那个”；也常作连词引导从句（I think that…），或作关系代词指代前面的名词。' },
  this: { pos: 'pron.', meaning: '这, 这个', note: '指示代词/限定词：指离说话人近的或刚提到的人和事物。' },
  these: { pos: 'pron.', meaning: '这些', note: 'this 的复数，指离说话人近的几个人或事物。' },
  those: { pos: 'pron.', meaning: '那些', note: 'that 的复数，指较远的或前面提到的几个人或事物。' },
  it: { pos: 'pron.', meaning: '它', note: '代词：指前面提到的事物；也常作形式主语或形式宾语（It is important to…）。' },
  its: { pos: 'pron.', meaning: '它的', note: 'it 的所有格“它的”；注意与 it’s（it is / it has）区分。' },
  if: { pos: 'conj.', meaning: '如果, 是否', note: '连词：引导条件状语从句“如果”，或引导宾语从句“是否”。' },
  so: { pos: 'adv.', meaning: '如此, 所以, 也', note: '副词/连词：表示程度“如此”，结果“所以”，或“也一样”（So do I）。' },
  not: { pos: 'adv.', meaning: '不, 没有', note: '否定副词：放在助动词、情态动词或 be 之后构成否定。' },
  there: { pos: 'adv.', meaning: '那里', note: '副词“那里”；在 there is / there are 句型中只起引导作用，表示“有”。' },
  which: { pos: 'pron.', meaning: '哪个, 哪些', note: '疑问词“哪个”；也作关系代词，引导定语从句修饰前面的事物。' },
  who: { pos: 'pron.', meaning: '谁', note: '疑问词“谁”；也作关系代词，引导定语从句修饰前面的人。' },
  what: { pos: 'pron.', meaning: '什么', note: '疑问词“什么”；也可引导名词性从句，意为“…的东西/事情”。' },
  will: { pos: 'aux.', meaning: '将, 会', note: '情态动词：后接动词原形，表示将来或意愿。作名词时意为“意志，遗嘱”。' },
  would: { pos: 'aux.', meaning: '将会, 愿意', note: '情态动词：will 的过去式，也用于虚拟语气和委婉请求（Would you…?）。' },
  can: { pos: 'aux.', meaning: '能, 可以', note: '情态动词：后接动词原形，表示能力、许可或可能性。' },
  could: { pos: 'aux.', meaning: '能, 可能', note: '情态动词：can 的过去式，也表示可能性或委婉请求。' },
  should: { pos: 'aux.', meaning: '应该', note: '情态动词：表示义务、建议或推测，后接动词原形。' },
  may: { pos: 'aux.', meaning: '可能, 可以', note: '情态动词：表示可能性或许可；首字母大写的 May 是“五月”。' },
  might: { pos: 'aux.', meaning: '可能', note: '情态动词：表示较小的可能性，比 may 更不确定。' },
  must: { pos: 'aux.', meaning: '必须, 一定', note: '情态动词：表示必须，或对现在情况的肯定推测。' },
  // Negative contractions: a tap on "don't" reads the auxiliary with not, not ECDICT's rare noun (禁忌, "dos and don'ts").
  ...negatives({
    "don't": ['不（= do not）', 'do not 的缩写：否定助动词，后接动词原形（I don’t know）；句首的 Don’t… 表示“不要…”。'],
    "doesn't": ['不（= does not）', 'does not 的缩写：主语为第三人称单数时的否定，后接动词原形（She doesn’t eat meat）。'],
    "didn't": ['没有（= did not）', 'did not 的缩写：一般过去时的否定，后接动词原形（We didn’t go）。'],
    "can't": ['不能, 不会（= cannot）', 'cannot 的缩写：表示没有能力、不被允许，或“不可能”（That can’t be true）。'],
    "won't": ['不会, 将不（= will not）', 'will not 的缩写：表示将来不会发生或不愿意（He won’t listen）。'],
    "isn't": ['不是（= is not）', 'is not 的缩写：be 动词的否定；也用于进行时和被动语态。'],
    "aren't": ['不是（= are not）', 'are not 的缩写：be 动词的否定；也用于进行时和被动语态。'],
    "wasn't": ['不是, 没有（= was not）', 'was not 的缩写：be 动词过去式的否定。'],
    "weren't": ['不是, 没有（= were not）', 'were not 的缩写：be 动词过去式的否定。'],
    "haven't": ['没有, 还没（= have not）', 'have not 的缩写：完成时的否定（I haven’t finished）。'],
    "hasn't": ['没有, 还没（= has not）', 'has not 的缩写：完成时的否定（It hasn’t rained）。'],
    "hadn't": ['没有（= had not）', 'had not 的缩写：过去完成时的否定。'],
    "couldn't": ['不能, 无法（= could not）', 'could not 的缩写：表示过去没能做到，或委婉地表示不可能。'],
    "wouldn't": ['不会, 不愿（= would not）', 'would not 的缩写：表示不愿意，或虚拟语气中的“不会”。'],
    "shouldn't": ['不应该（= should not）', 'should not 的缩写：表示不应该做某事。'],
  }),
};

function negatives(words: Record<string, [meaning: string, note: string]>): Record<string, FunctionWord> {
  return Object.fromEntries(Object.entries(words).map(([word, [meaning, note]]) => [word, { pos: 'aux.', meaning, note }]));
}

/**
 * have, do and be as a verb group's auxiliary ("had noted", "does not share", "was promoted"): their
 * dictionary lines (有, 做, 是) are the full verbs' meanings, which the sentence does not use.
 */
const AUXILIARIES: Record<NonNullable<TokenInContext['auxiliary']>, FunctionWord> = {
  perfect: {
    pos: 'aux.',
    meaning: '已经…（完成时助动词）',
    note: '助动词：have/has + 过去分词构成现在完成时（has risen 已经上升），had + 过去分词构成过去完成时（“过去的过去”）；本身不单独翻译。',
  },
  support: {
    pos: 'aux.',
    meaning: '助动词（本身不译）',
    note: '助动词：do/does/did 后接动词原形，构成否定句（does not share）、疑问句（Did you know…?）或加强语气（I do believe）；did 表示过去时。',
  },
  progressive: {
    pos: 'aux.',
    meaning: '正在…（进行时助动词）',
    note: '助动词：be + 现在分词构成进行时（is reading 正在读，was closing 当时正要关闭），表示某时正在进行的动作。',
  },
  passive: {
    pos: 'aux.',
    meaning: '被…（被动语态助动词）',
    note: '助动词：be + 过去分词构成被动语态（was promoted 被提升），主语是动作的承受者，by 引出动作的执行者。',
  },
};

/** The learner's entry of have, do or be used as an auxiliary. */
export function auxiliaryWord(use: NonNullable<TokenInContext['auxiliary']>): FunctionWord {
  return AUXILIARIES[use];
}

/**
 * "50 times faster than", "three times as large", "ten times the size": times after a number and before a
 * comparison multiplies (倍; not "five times that day", "read it three times over"); ECDICT's times and time have no such item (时代, 时间, 次数).
 */
const MULTIPLIER: FunctionWord = {
  pos: 'n.',
  meaning: '倍',
  note: '倍数：数词 + times + 比较级 / as…as / the + 名词，表示“是…的几倍”（50 times faster 快 50 倍，three times as large 是…的三倍大）。',
};
const MULTIPLYING =
  /(?:^|[^\w-])(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|hundred|thousand|several|many|few)\s+times\s+(?:(?:more|less)\s+\w|as|the|\w+er\s+than)/i;

/** The multiplier's entry when `times` compares in its sentence. */
export function multiplierWord(tapped: string, sentence: string | undefined): FunctionWord | null {
  return tapped.toLowerCase() === 'times' && !!sentence && MULTIPLYING.test(sentence) ? MULTIPLIER : null;
}

/** The learner's entry of a function word, or null for a content word. */
export function functionWord(word: string): FunctionWord | null {
  return Object.hasOwn(FUNCTION_WORDS, word.toLowerCase()) ? FUNCTION_WORDS[word.toLowerCase()]! : null;
}

/** Tags of function words in the sentence (modal verbs count only as auxiliaries: "a will", "the can"). */
export function isFunctionUse(word: string, pos: string | null): boolean {
  const entry = functionWord(word);
  if (!entry) return false;
  if (entry.pos === 'aux.') return pos === null || pos === 'AUX';
  return pos !== 'NOUN' && pos !== 'VERB';
}
