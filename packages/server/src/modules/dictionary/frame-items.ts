import { lineItems } from './ecdict-clean.js';

/**
 * Chinese items that say what a verb means in one kind of use, which ECDICT lists late:
 * - a change of amount, for a verb followed by a figure ("fell 12%", "rose 49.96 to close at", "cut
 *   500 jobs"): press text says it of prices, sales and indexes every day ("vi. 倒下, 落下, 来临, … 下跌");
 * - becoming, for a verb followed by an adjective ("got so fed up" 变得, "the room fell silent" 变成);
 * - saying, for a verb that reports speech ("the company added" 附带说明, "he observed." 评论);
 * - noticing, for a verb of noticing before what was noticed ("Dealers noted that" 注意).
 */
const ITEMS = {
  amount: new Set(
    '下跌 下降 降低 减少 减低 回落 跌落 暴跌 骤降 上涨 上升 增长 增加 提高 攀升 猛增 激增 暴涨 猛涨 突升 骤升 猛跌 削减'.split(' '),
  ),
  becoming: new Set('变得 变成 成为 趋于 证明是 显得'.split(' ')),
  notice: new Set('注意 注意到 觉察到 察觉 发现'.split(' ')),
  speech: new Set('说 说道 附带说明 补充说 评论 主张 坚持 坚决主张 强调 着重 指出 断言 声称 回答 答复 警告 承认 抱怨 解释 说明'.split(' ')),
};

/** The kinds of use whose items lead (frame-senses.ts#frameUse). */
export type ItemUse = keyof typeof ITEMS;

interface Line {
  pos: string | null;
  text: string;
}

/**
 * The first line's first item of that kind of use leads it. For saying and noticing, a later line that has one
 * goes first when the first has none ("observe: vt. 觉察到, 遵守… | vi. 注意, 评论": "he observed." 评论).
 */
export function frameItemFirst<L extends Line>(lines: L[], use: ItemUse): L[] {
  const has = (line: L) => lineItems(line.text).some((item) => ITEMS[use].has(item));
  const from = (use === 'speech' || use === 'notice') && lines[0] && !has(lines[0]) ? lines.findIndex(has) : 0;
  const line = lines[from];
  if (!line) return lines;
  const items = lineItems(line.text);
  const at = items.findIndex((item) => ITEMS[use].has(item));
  if (at < 0 || (at === 0 && from === 0)) return lines;
  const led = { ...line, text: [items[at]!, ...items.filter((_, i) => i !== at)].join(', ') };
  return [led, ...lines.filter((_, i) => i !== from)];
}
