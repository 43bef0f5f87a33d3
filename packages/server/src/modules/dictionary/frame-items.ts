import { lineItems } from './ecdict-clean.js';

/**
 * Chinese items that say what a verb means in one kind of use, which ECDICT lists late:
 * - a change of amount, for a verb followed by a figure ("fell 12%", "rose 49.96 to close at", "cut
 *   500 jobs"): press text says it of prices, sales and indexes every day ("vi. 倒下, 落下, 来临, … 下跌");
 * - becoming, for a verb followed by an adjective ("got so fed up" 变得, "the room fell silent" 变成).
 */
const ITEMS = {
  amount: new Set(
    '下跌 下降 降低 减少 减低 回落 跌落 暴跌 骤降 上涨 上升 增长 增加 提高 攀升 猛增 激增 暴涨 猛涨 突升 骤升 猛跌 削减'.split(' '),
  ),
  becoming: new Set('变得 变成 成为 趋于 证明是 显得'.split(' ')),
};

interface Line {
  pos: string | null;
  text: string;
}

/** The first line's first item of that kind of use leads it. */
export function frameItemFirst<L extends Line>(lines: L[], use: keyof typeof ITEMS): L[] {
  const first = lines[0];
  if (!first) return lines;
  const items = lineItems(first.text);
  const at = items.findIndex((item) => ITEMS[use].has(item));
  if (at <= 0) return lines;
  return [{ ...first, text: [items[at]!, ...items.filter((_, i) => i !== at)].join(', ') }, ...lines.slice(1)];
}
