import { lineItems } from './ecdict-clean.js';

/**
 * Chinese items that name a change of amount. A figure right after a verb ("fell 12%", "rose 49.96
 * to close at", "cut 500 jobs") measures such a change: press text says it of prices, sales and
 * indexes every day, and ECDICT lists these items late ("vi. 倒下, 落下, 来临, … 下跌").
 */
const CHANGE_OF_AMOUNT = new Set(
  '下跌 下降 降低 减少 减低 回落 跌落 暴跌 骤降 上涨 上升 增长 增加 提高 攀升 猛增 激增 暴涨 猛涨 突升 骤升 猛跌 削减'.split(' '),
);

interface Line {
  pos: string | null;
  text: string;
}

/** The first line's first item naming a change of amount leads it (lines of the verb measured by a figure). */
export function changeOfAmountFirst<L extends Line>(lines: L[]): L[] {
  const first = lines[0];
  if (!first) return lines;
  const items = lineItems(first.text);
  const at = items.findIndex((item) => CHANGE_OF_AMOUNT.has(item));
  if (at <= 0) return lines;
  return [{ ...first, text: [items[at]!, ...items.filter((_, i) => i !== at)].join(', ') }, ...lines.slice(1)];
}
