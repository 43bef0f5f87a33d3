import { lineItems } from './ecdict-clean.js';
import type { RankedSense, SenseBridges } from './sense-order.js';

/**
 * A sentence's topic, read from the sentence alone: the money pages or the courts. ECDICT lists a
 * word's financial and legal meanings among the everyday ones, often late ("n. 捆绑物, 结合, 债券…"
 * for a Treasury bond, "n. 坚信, 信服, 定罪" for a conviction) or only on its domain line ("equity": n.
 * 公平, 公正 / [经] 权益, 产权): in a sentence on that topic those meanings are the likely ones. Press
 * text is full of such sentences (the public corpora's taps: bond, return on equity, durable goods,
 * interest rates; a conviction, a trial, a suit).
 */
export interface Topic {
  name: 'finance' | 'law';
  /** Words that put a sentence on the topic; two different ones are needed ("a 5% rise in profits"). */
  cues: RegExp;
  /** Chinese items that name the topic's meanings; only these move for the topic. */
  items: ReadonlySet<string>;
  /** ECDICT's mark of the topic's domain line. */
  domain: string;
  /** The parts of speech whose meanings the topic orders (universal tags). */
  parts: ReadonlySet<string>;
  /**
   * Whether an item that says the sense WordNet ranks first for the sentence keeps its place. True on
   * the money pages ("the unemployment rate" stays 比率, not 费用); not for the courts, whose senses
   * SemCor's counts (from Brown) rank low: a conviction there is mostly a belief.
   */
  yieldsToFirstSense: boolean;
}

export const FINANCE: Topic = {
  name: 'finance',
  cues: /\b(stocks?|shares?|shareholders?|investors?|investments?|markets?|prices?|bonds?|yields?|rates?|earnings|profits?|revenues?|dividends?|billions?|millions?|percent|trading|traders?|securities|futures|funds?|banks?|loans?|debts?|credit|economy|economic|economists?|fiscal|quarter|quarterly|inflation|dollars?|yen|taxes|financial|treasury|brokers?|brokerage|assets?|interest|capital|sales|deficit|equity|returns)\b|[$%]/gi,
  items: new Set(
    '费用 成本 债券 季度 指数 信贷 股票 股份 股 证券 有价证券 利息 利率 收益 投资收益 利润率 利润 份额 资本 票据 到期 期货 权益 产权 贴现 贴现率 负债 资产 销售额 赤字 盈利 存款 保证金 差额 发行 上市的股票(或证券等) 上限 崩溃 暴跌 猛跌'.split(
      ' ',
    ),
  ),
  domain: '[经]',
  parts: new Set(['NOUN', 'VERB', 'ADJ', 'ADV']),
  yieldsToFirstSense: true,
};

export const LAW: Topic = {
  name: 'law',
  cues: /\b(courts?|judges?|jury|juries|jurors?|trials?|lawyers?|attorneys?|prosecutors?|prosecution|prosecuted|defendants?|plaintiffs?|convicted|convictions?|sentenced|guilty|innocent|lawsuits?|sued|suing|verdicts?|indicted|indictments?|testimony|testified|felony|fraud|criminal|crimes?|charges|charged|plea|pleaded|acquitted|appeals court|supreme court|legal|illegal|justice department)\b/gi,
  items: new Set(
    '定罪 判罪 判决 判刑 宣判 审判 审讯 审理 案件 案子 案例 诉讼 起诉 控告 指控 上诉 申诉 抗辩 辩护 犯罪 罪 罪行 罪名 证言 证人 陪审团 法官 法庭 法院 司法 律师 公诉人 检察官 裁决 裁定 被告 被告人 刑期 听证会 听讯 缓刑 保释 诉讼程序 判例 法律顾问 辩护人'.split(
      ' ',
    ),
  ),
  domain: '[法]',
  // Nouns only: a court's verbs keep their everyday senses ("the district decided not to" is no 判决).
  parts: new Set(['NOUN']),
  yieldsToFirstSense: false,
};

// The courts first: their cues are seldom incidental on the money pages, while figures and dollars
// are common in a court's news ("fined $5 million"), so a tie is the courts'.
const TOPICS = [LAW, FINANCE];

/** The topic most of the sentence's different cues name, when at least two do (the courts on a tie). */
export function sentenceTopic(sentence: string | undefined): Topic | null {
  if (!sentence) return null;
  let best: Topic | null = null;
  let most = 1;
  for (const topic of TOPICS) {
    const cues = new Set((sentence.match(topic.cues) ?? []).map((c) => c.toLowerCase().replace(/s$/, '')));
    if (cues.size > most) {
      best = topic;
      most = cues.size;
    }
  }
  return best;
}

/** The topic's meanings a line names ("n. 股份（share的复数形式）" → 股份). */
export function topicItems(topic: Topic, line: { text: string }): string[] {
  return lineItems(line.text)
    .map((item) => item.replace(/[（(][^）)]*[）)]/g, '').trim())
    .filter((item) => topic.items.has(item));
}

interface Line {
  pos: string | null;
  text: string;
  fits: boolean;
}

/**
 * In a sentence on a topic: the first line's first item of the topic leads it ("债券, 捆绑物, 结合…"),
 * and when the word's own lines hold no such item, its domain line does that leads ("[经] 权益, 产权"
 * before "n. 公平, 公正"). `fitting` are the lines of the sentence's part of speech, best first;
 * `others` the rest. On the money pages nothing moves when the first item says the sense WordNet
 * ranks first for the sentence (`yieldsToFirstSense`).
 */
export function topicFirst<L extends Line>(
  topic: Topic,
  fitting: L[],
  others: L[],
  senses: { firstSays: boolean; saysLikelySense: (item: string) => boolean },
): { fitting: L[]; others: L[] } {
  const first = fitting[0];
  if (!first || (topic.yieldsToFirstSense && senses.firstSays)) return { fitting, others };
  const isTopicItem = (item: string) => topic.items.has(item);
  const items = lineItems(first.text);
  if (isTopicItem(items[0]!)) return { fitting, others };
  // Inside the line, only an item of the topic that says one of the sentence's two likeliest senses
  // moves ("investors showed strong interest": 利息 says neither, 兴趣 stays).
  const at = items.findIndex((item) => isTopicItem(item) && senses.saysLikelySense(item));
  if (at > 0) {
    const text = [items[at]!, ...items.filter((_, i) => i !== at)].join(', ');
    return { fitting: [{ ...first, text }, ...fitting.slice(1)], others };
  }
  if (items.some(isTopicItem) || fitting.some((l) => lineItems(l.text).some(isTopicItem))) return { fitting, others };
  const domain = others.find(
    (l) => l.pos === null && l.text.startsWith(topic.domain) && lineItems(l.text.slice(topic.domain.length)).some(isTopicItem),
  );
  if (!domain) return { fitting, others };
  return { fitting: [{ ...domain, fits: true }, ...fitting], others: others.filter((l) => l !== domain) };
}

/**
 * SemCor's counts come from Brown's fiction and essays, where a quarter is a fourth of something and
 * never a fourth of the year: on the money pages a sense SemCor never met (count 0) whose Chinese
 * Open Wordnet words name one of the topic's meanings, and which the word's own lines list, is the
 * likely one ("Sales for the quarter slipped": 季度, "a fourth part of a year", not 四分之一). It goes
 * first, marked as the topic's choice (sense-order.ts then leads with its item).
 */
export function topicSenseFirst(
  ranked: RankedSense[],
  sentence: string | undefined,
  bridges: Pick<SenseBridges, 'synsetWords'>,
  lines: readonly { text: string }[],
): RankedSense[] {
  const topic = sentenceTopic(sentence);
  if (topic?.name !== 'finance' || ranked.length < 2) return ranked;
  const listed = new Set(lines.flatMap((l) => lineItems(l.text)));
  const at = ranked.findIndex(
    (r) => r.sense.count === 0 && bridges.synsetWords.words(r.sense.synset).some((w) => topic.items.has(w) && listed.has(w)),
  );
  if (at <= 0) return ranked;
  return [{ ...ranked[at]!, topic: true }, ...ranked.filter((_, i) => i !== at)];
}
