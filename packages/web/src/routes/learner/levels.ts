/** What a level of the placement test means to a Chinese learner (roughly: exam syllabus sizes). */
const GLOSS: Record<string, string> = {
  A1: '入门：约初中水平',
  A2: '基础：约中考水平',
  B1: '中级：约高考水平',
  B2: '中高级：约四六级水平',
  C1: '高级：约考研、雅思水平',
  C2: '精通：约专八、GRE 水平',
};

export function levelGloss(level: string): string {
  return GLOSS[level] ?? level;
}
