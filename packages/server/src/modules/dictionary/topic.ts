import { lineItems } from './ecdict-clean.js';

/**
 * The money pages' topic, read from one sentence. ECDICT lists a word's financial meanings among the
 * everyday ones, often late ("n. 捆绑物, 结合, 债券…" for a Treasury bond) or only on its [经] line
 * ("equity": n. 公平, 公正 / [经] 权益, 产权): in a sentence about markets and money those meanings
 * are the likely ones. Press text is full of such sentences (the public corpora's taps: bond, return
 * on equity, durable goods, interest rates).
 */

// Words that put a sentence on the money pages; two different ones are needed ("a 5% rise in profits").
const FINANCE_CUES =
  /\b(stocks?|shares?|shareholders?|investors?|investments?|markets?|prices?|bonds?|yields?|rates?|earnings|profits?|revenues?|dividends?|billions?|millions?|percent|trading|traders?|securities|futures|funds?|banks?|loans?|debts?|credit|economy|economic|economists?|fiscal|quarter|quarterly|inflation|dollars?|yen|taxes|financial|treasury|brokers?|brokerage|assets?|interest|capital|sales|deficit|equity|returns)\b|[$%]/gi;

/** Chinese items that name a financial meaning; only these move for the topic. */
const FINANCE_ITEMS = new Set(
  '费用 成本 债券 股票 股份 股 证券 有价证券 利息 利率 收益 投资收益 利润率 利润 份额 资本 票据 到期 期货 权益 产权 贴现 贴现率 负债 资产 销售额 赤字 盈利 存款 保证金 差额 发行 上市的股票(或证券等) 上限 崩溃 暴跌'.split(
    ' ',
  ),
);

export function financeSentence(sentence: string | undefined): boolean {
  if (!sentence) return false;
  const cues = new Set((sentence.match(FINANCE_CUES) ?? []).map((c) => c.toLowerCase().replace(/s$/, '')));
  return cues.size >= 2;
}

const isFinanceItem = (item: string) => FINANCE_ITEMS.has(item);

/** The financial meanings a line names ("n. 股份（share的复数形式）" → 股份). */
export function financeItems(line: { text: string }): string[] {
  return lineItems(line.text)
    .map((item) => item.replace(/[（(][^）)]*[）)]/g, '').trim())
    .filter(isFinanceItem);
}

interface Line {
  pos: string | null;
  text: string;
  fits: boolean;
}

/**
 * In a sentence about money: the first line's first financial item leads it ("债券, 捆绑物, 结合…"),
 * and when the word's own lines hold no financial item, its [经] line does that leads ("[经] 权益,
 * 产权" before "n. 公平, 公正"). `fitting` are the lines of the sentence's part of speech, best
 * first; `others` the rest. Nothing moves when the first item says the sense WordNet ranks first for
 * the sentence.
 */
export function financeFirst<L extends Line>(
  fitting: L[],
  others: L[],
  senses: { firstSays: boolean; saysLikelySense: (item: string) => boolean },
): { fitting: L[]; others: L[] } {
  const first = fitting[0];
  if (!first || senses.firstSays) return { fitting, others };
  const items = lineItems(first.text);
  if (isFinanceItem(items[0]!)) return { fitting, others };
  // Inside the line, only a financial item that says one of the sentence's two likeliest senses moves
  // ("investors showed strong interest": 利息 says neither, 兴趣 stays).
  const at = items.findIndex((item) => isFinanceItem(item) && senses.saysLikelySense(item));
  if (at > 0) {
    const text = [items[at]!, ...items.filter((_, i) => i !== at)].join(', ');
    return { fitting: [{ ...first, text }, ...fitting.slice(1)], others };
  }
  if (items.some(isFinanceItem) || fitting.some((l) => lineItems(l.text).some(isFinanceItem))) return { fitting, others };
  const finance = others.find((l) => l.pos === null && l.text.startsWith('[经]') && lineItems(l.text.slice(3)).some(isFinanceItem));
  if (!finance) return { fitting, others };
  return { fitting: [{ ...finance, fits: true }, ...fitting], others: others.filter((l) => l !== finance) };
}
