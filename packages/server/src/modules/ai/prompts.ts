import type { Paragraph } from '@changdu/contract';
import type { ChatMessage } from '../../providers/ai/index.js';

/*
 * What the model is told. Every prompt grounds the model in our text and asks for Chinese
 * written for a learner; the ask prompt makes the model cite paragraph ids as `[p…]`.
 */

const TUTOR =
  '你是「畅读」的英语阅读助教，读者是以中文为母语的英语学习者。用简体中文回答，清楚、具体、简短。' +
  '不要编造文章里没有的内容；文章没有提到的，就直说文章没有提到。';

export interface AskGrounding {
  title: string | null;
  paragraphs: Paragraph[];
  selection: string | null;
  notes: { paragraphId: string; text: string; comment: string }[];
  wordBook: string[];
}

export function askMessages(question: string, g: AskGrounding | null): ChatMessage[] {
  if (!g) {
    return [
      { role: 'system', content: TUTOR },
      { role: 'user', content: question },
    ];
  }
  const lines: string[] = [];
  lines.push(`文章：${g.title ?? ''}`);
  lines.push('相关段落（方括号里是段落编号）：');
  for (const p of g.paragraphs) lines.push(`[${p.id}] ${p.text}`);
  if (g.selection) lines.push(`读者选中的文字：「${g.selection}」`);
  if (g.notes.length > 0) {
    lines.push('读者在这些段落上的笔记：');
    for (const n of g.notes) lines.push(`- [${n.paragraphId}] 划线「${n.text}」${n.comment ? `，笔记：${n.comment}` : ''}`);
  }
  if (g.wordBook.length > 0) lines.push(`这篇文章里已在读者生词本中的词：${g.wordBook.join(', ')}（讲解时可以顺带提到）`);
  lines.push('');
  lines.push(`读者的问题：${question}`);
  return [
    {
      role: 'system',
      content:
        `${TUTOR}只依据下面给出的段落回答；引用某段时在句末写上它的编号，例如 [${g.paragraphs[0]?.id ?? 'p1'}]。` +
        '引用原文时保留英文原句并给出中文解释。',
    },
    { role: 'user', content: lines.join('\n') },
  ];
}

export function summaryMessages(title: string, paragraphs: Paragraph[]): ChatMessage[] {
  let text = '';
  for (const p of paragraphs) {
    if (text.length > 12_000) break;
    text += `${p.text}\n`;
  }
  return [
    { role: 'system', content: TUTOR },
    { role: 'user', content: `用 3–5 句中文概括这篇英文文章的要点，不要加入文章以外的信息。\n\n标题：${title}\n\n${text}` },
  ];
}

export function wordExplainMessages(word: string, sentence: string | null, dictionaryMeaning: string | null): ChatMessage[] {
  return [
    { role: 'system', content: TUTOR },
    {
      role: 'user',
      content:
        `请讲解单词「${word}」${sentence ? `在这句话里的意思和用法：\n${sentence}` : '的常见意思和用法。'}\n` +
        (dictionaryMeaning ? `词典释义供参考：${dictionaryMeaning}\n` : '') +
        '依次说明：在句中的意思、词性和语法作用、一个常见搭配、一个简单例句（英文加中文）。',
    },
  ];
}

/** Which of the dictionary's listed meanings fits the word in the sentence: a number, nothing else. */
export function wordSenseMessages(word: string, sentence: string, options: string[]): ChatMessage[] {
  return [
    { role: 'system', content: '你是英语词汇专家。只回答一个编号，不要解释。' },
    {
      role: 'user',
      content:
        `句子：${sentence}\n单词「${word}」在这句话里是下面哪个意思？\n` +
        options.map((o, i) => `${i + 1}. ${o}`).join('\n') +
        '\n只回答最贴切的那个编号；都不贴切就回答 0。',
    },
  ];
}

export function dictMessages(word: string): ChatMessage[] {
  return [
    { role: 'system', content: `${TUTOR}只输出 JSON。` },
    {
      role: 'user',
      content:
        `为学习者写单词「${word}」的词典条目，输出 JSON 对象：` +
        '{"phonetic": "音标或 null", "senses": [{"pos": "词性如 n./v.", "meaning": "中文释义", "example": "英文例句或 null"}], ' +
        '"collocations": ["常见搭配"], "examples": ["英文例句"]}。义项不超过 5 个，搭配不超过 6 个，例句不超过 3 个。',
    },
  ];
}

export function transMessages(text: string): ChatMessage[] {
  return [
    { role: 'system', content: '你是专业的英汉翻译。把用户给出的英文忠实、通顺地译成简体中文，只输出译文。' },
    { role: 'user', content: text },
  ];
}

export function analyzeMessages(text: string): ChatMessage[] {
  return [
    { role: 'system', content: TUTOR },
    {
      role: 'user',
      content: `请用中文解析这个英文句子的结构：主干（主谓宾）、从句及其作用、时态和语态、难点词组，最后给出通顺的译文。\n\n${text}`,
    },
  ];
}

export function entityMessages(name: string, mentions: string[]): ChatMessage[] {
  return [
    { role: 'system', content: TUTOR },
    {
      role: 'user',
      content:
        `「${name}」是谁或是什么？用 2–3 句中文介绍。` +
        (mentions.length ? `\n它在我们的文章里这样出现：\n${mentions.map((m) => `- ${m}`).join('\n')}` : ''),
    },
  ];
}

export function questionsMessages(title: string, paragraphs: Paragraph[], count: number): ChatMessage[] {
  return [
    { role: 'system', content: `${TUTOR}只输出 JSON。` },
    {
      role: 'user',
      content:
        `为读完《${title}》的学习者出 ${count} 道阅读理解选择题，考查对文章内容的理解，每题只依据一个段落。` +
        '输出 JSON 对象：{"questions": [{"paragraph_id": "题目依据的段落 id，如 p3", "question": "中文题干", ' +
        '"options": ["选项", "选项", "选项", "选项"], "answer": "正确选项，与 options 中的一项完全相同", ' +
        '"key_word": "答题关键的一个英文单词，取自该段原文", "explanation": "一句中文解析"}]}。\n\n' +
        paragraphs.map((p) => `[${p.id}] ${p.text}`).join('\n\n'),
    },
  ];
}
