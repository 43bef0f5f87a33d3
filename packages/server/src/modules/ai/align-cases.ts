/*
 * Paragraphs written for this project with their Chinese, and which Chinese sentence(s) translate
 * which English sentence(s): the gold alignment the aligner is measured against (align.test.ts).
 * A bead is [English, Chinese]; an array on the English side is two sentences one Chinese sentence
 * translates (2-1), on the Chinese side two Chinese sentences for one English (1-2).
 */
export type GoldBead = [string | string[], string | string[]];

export const ALIGN_CASES: GoldBead[][] = [
  [
    ['The city council approved a new budget for public libraries on Monday.', '市议会周一批准了公共图书馆的新预算。'],
    ['Librarians said the money would pay for longer opening hours.', '图书馆员说，这笔钱将用于延长开放时间。'],
    ['Critics argued that the roads needed it more.', '批评者则认为道路更需要这笔钱。'],
  ],
  [
    ['Mr. Chen opened his bakery in 1998, when the street was still quiet.', '1998年陈先生开了这家面包店，那时这条街还很安静。'],
    ['Today the queue starts before dawn.', '如今天不亮就有人排队。'],
  ],
  [
    ['Dr. Amara Singh has studied coral reefs for two decades.', '阿马拉·辛格博士研究珊瑚礁已有二十年。'],
    [
      'She says the warming of the oceans is now the greatest threat to reefs, far ahead of fishing and pollution, and that the damage of a single hot summer can take ten years to repair.',
      ['她说，海洋变暖如今是珊瑚礁面临的最大威胁，远超捕鱼和污染。', '一个炎热的夏天造成的损害，可能需要十年才能修复。'],
    ],
    ['Her team will return to the reef in March.', '她的团队将于三月重返这片珊瑚礁。'],
  ],
  [
    ['The U.S. Department of Energy released its report on Tuesday.', '美国能源部周二发布了报告。'],
    ['It found that solar power had become the cheapest source of new electricity in most states.', '报告发现，在大多数州，太阳能已成为最便宜的新增电力来源。'],
  ],
  [
    [['It rained.', 'Then it snowed.'], '先是下雨，接着又下了雪。'],
    ['By the evening, the roads into the valley were closed and the school buses had been sent home early.', '到了傍晚，通往山谷的道路已经封闭，校车也提前被叫回了。'],
  ],
  [
    ['“We did not expect so many people,” said the organiser.', '“我们没想到会来这么多人，”组织者说。'],
    ['More than 4,000 visitors came on the first day.', '第一天就来了4000多名游客。'],
    ['The festival will run until Sunday.', '节日将持续到周日。'],
  ],
  [
    ['Prices rose by 3.2 percent in October.', '10月物价上涨了3.2%。'],
    ['Food and energy costs drove most of the increase, while the price of clothing fell slightly.', '涨幅主要来自食品和能源，服装价格则略有下降。'],
    ['Economists had expected a smaller rise.', '经济学家此前预计涨幅会更小。'],
  ],
  [
    ['The bridge was built in 1932.', '这座桥建于1932年。'],
    [['It is made of steel.', 'It is painted red.'], '桥身是钢结构，漆成红色。'],
    ['Every year about two million cars cross it, and engineers check its cables each spring.', '每年约有两百万辆汽车从桥上驶过，工程师每年春天都会检查它的缆索。'],
  ],
  [
    ['Ms. Okafor, a nurse from Lagos, moved to the U.K. in 2015.', '来自拉各斯的护士奥卡福女士于2015年移居英国。'],
    ['She now trains new nurses at a hospital in Leeds.', '她现在在利兹的一家医院培训新护士。'],
  ],
  [
    ['The experiment failed twice.', '实验失败了两次。'],
    ['On the third attempt, the team lowered the temperature of the chamber and waited longer before measuring.', '第三次尝试时，团队降低了舱内温度，并等了更久才开始测量。'],
    ['This time it worked.', '这一次成功了。'],
  ],
  [
    ['Farmers in the region have planted fewer crops this year because of the drought.', '由于干旱，该地区的农民今年种植的作物减少了。'],
    [
      'The river that feeds their fields is at its lowest level in fifty years, and the wells that many families dug a generation ago have run dry.',
      ['灌溉他们田地的河流水位降到了五十年来的最低点。', '许多家庭一代人之前挖的水井也已经干涸。'],
    ],
  ],
  [
    ['“Is it safe?” she asked.', '“安全吗？”她问。'],
    ['The guide smiled and pointed at the path.', '向导笑了笑，指了指小路。'],
    ['“Only if you stay on it.”', '“只要你不离开这条路就安全。”'],
  ],
  [
    ['The museum reopened after a two-year renovation.', '博物馆在历时两年的翻修后重新开放。'],
    ['Its new wing doubles the space for modern art.', '新建的侧翼使现代艺术的展览空间扩大了一倍。'],
    ['Tickets are free for children under 12.', '12岁以下儿童免票。'],
    ['The museum is closed on Mondays.', '博物馆周一闭馆。'],
  ],
  [
    ['Scientists at the University of Oslo have found a new way to store heat.', '奥斯陆大学的科学家找到了一种储存热量的新方法。'],
    [['The material is cheap.', 'It is also safe.'], '这种材料既便宜又安全。'],
    ['They hope to test it in homes next winter.', '他们希望明年冬天在家庭中进行测试。'],
  ],
  [
    ['The company said on Friday that it would cut 1,200 jobs.', '该公司周五表示将裁员1200人。'],
    ['Most of the cuts will fall on its factories in Ohio and Michigan.', '裁员主要集中在其位于俄亥俄州和密歇根州的工厂。'],
    ['Shares fell 6 percent.', '股价下跌了6%。'],
  ],
  [
    ['Learning a language as an adult is slow.', '成年后学一门语言进展很慢。'],
    ['But it is not impossible.', '但并非不可能。'],
    ['Researchers say that twenty minutes a day, kept up for a year, does more than a month of study in a single summer.', '研究人员说，每天二十分钟、坚持一年，比一个夏天集中学习一个月效果更好。'],
  ],
  [
    ['The storm reached the coast at 4 a.m. on Saturday.', '风暴于周六凌晨4点抵达海岸。'],
    ['Winds of 150 kilometres an hour tore roofs from houses.', '时速150公里的大风掀翻了房顶。'],
    ['No one was hurt.', '无人受伤。'],
  ],
  [
    ['Gen. Marsh retired last year.', '马什将军去年退休了。'],
    [
      'In his memoir, published this week, he writes about the mistakes of the war and the soldiers he could not bring home.',
      ['在本周出版的回忆录中，他写到了那场战争中的错误。', '他也写到了那些他没能带回家的士兵。'],
    ],
  ],
  [
    ['Walking is the cheapest form of exercise.', '步行是最便宜的运动方式。'],
    ['It needs no equipment.', '它不需要任何器材。'],
    ['It can be done almost anywhere, at any age, and a daily walk of thirty minutes lowers the risk of heart disease.', '几乎随时随地、任何年龄都可以进行，每天步行三十分钟能降低患心脏病的风险。'],
  ],
  [
    ['The train was late again.', '火车又晚点了。'],
    ['Passengers waited on the platform for forty minutes without any announcement.', '乘客们在站台上等了四十分钟，没有听到任何广播。'],
    ['When it finally arrived, it was too full to board.', '等车终于来了，却挤得上不去。'],
  ],
  [
    ['The report, written by Prof. Ellen Wu of Stanford, looked at 3,500 schools.', '这份报告由斯坦福大学的埃伦·吴教授撰写，调查了3500所学校。'],
    ['Schools that started later in the morning had better attendance.', '早上上课时间较晚的学校出勤率更高。'],
  ],
  [
    ['Nobody knows exactly how old the tree is.', '没人确切知道这棵树有多老。'],
    ['Some say 800 years.', '有人说800年。'],
    ['Others say it is older than the village itself, which was founded in 1460.', '也有人说它比建于1460年的村子还要古老。'],
  ],
  [
    ['The phone costs $899.', '这款手机售价899美元。'],
    [
      'Its camera is better than last year’s, its battery lasts a full day, and the screen is brighter in sunlight, but the design has barely changed.',
      ['它的摄像头比去年的更好，电池能用一整天，屏幕在阳光下也更亮。', '不过外观设计几乎没有变化。'],
    ],
  ],
  [
    ['The two leaders met in Geneva.', '两位领导人在日内瓦会面。'],
    [['They talked for three hours.', 'They did not agree on much.'], '他们谈了三个小时，但没有达成多少共识。'],
    ['A second meeting is planned for the spring.', '第二次会面计划在春季举行。'],
  ],
  [
    ['Bees are disappearing from cities.', '蜜蜂正在从城市中消失。'],
    ['Gardeners can help by planting flowers that bloom at different times of the year.', '园丁可以种植一年中不同时节开花的植物来帮忙。'],
    ['Even a window box makes a difference.', '哪怕是窗台上的一个花箱也有作用。'],
  ],
  [
    ['The film opens in a small town in Texas.', '影片的开头是得克萨斯州的一个小镇。'],
    ['A boy finds a letter under the floor of his grandmother’s house.', '一个男孩在祖母家的地板下发现了一封信。'],
    ['It was written in 1944 and never sent.', '这封信写于1944年，却一直没有寄出。'],
    ['The rest of the film follows his search for the man it was written to.', '影片的其余部分讲述了他寻找收信人的过程。'],
  ],
  [
    ['Water covers about 71 percent of the Earth’s surface.', '水覆盖了地球表面约71%的面积。'],
    ['Yet less than 1 percent of it is fresh water that people can easily use.', '然而其中只有不到1%是人们可以方便使用的淡水。'],
  ],
  [
    ['“I have never seen anything like it,” said Mr. Lopez, who has fished here for thirty years.', '“我从来没见过这样的情况，”在这里打鱼三十年的洛佩斯先生说。'],
    ['The lake had turned green overnight.', '湖水一夜之间变绿了。'],
  ],
  [
    ['The law takes effect on Jan. 1.', '该法律于1月1日生效。'],
    ['Shops will have to charge for plastic bags.', '商店将必须对塑料袋收费。'],
    ['The money will go to a fund that cleans beaches.', '这笔钱将进入一个清理海滩的基金。'],
  ],
  [
    ['Sleep matters more than most students think.', '睡眠比大多数学生想象的更重要。'],
    [
      'In one study, students who slept eight hours before an exam scored higher than those who stayed up to review, even though the second group had studied more.',
      ['一项研究发现，考试前睡足八小时的学生比熬夜复习的学生得分更高。', '尽管后一组学习的时间更长。'],
    ],
  ],
  [
    ['The volcano last erupted in 1911.', '这座火山上一次喷发是在1911年。'],
    ['Since then, a town of 20,000 people has grown at its foot.', '此后，山脚下发展起了一座两万人的小镇。'],
    ['Scientists watch it closely.', '科学家们密切监测着它。'],
  ],
  [
    ['He lost.', '他输了。'],
    ['After six months of campaigning, the young teacher won only 312 votes, fewer than the number of students in his school.', '经过六个月的竞选，这位年轻教师只得到了312票，比他学校的学生人数还少。'],
    ['He says he will run again.', '他说他还会再参选。'],
  ],
  [
    ['The airline will add direct flights between Chicago and Shanghai.', '这家航空公司将增开芝加哥至上海的直航航班。'],
    ['The first flight leaves on May 5.', '首班航班于5月5日起飞。'],
    [['Tickets go on sale today.', 'Prices start at $640.'], '机票今天开售，起价640美元。'],
  ],
  [
    ['The old mill had been empty for years.', '这座老磨坊已经空置多年。'],
    ['Two sisters bought it in 2020 and turned it into a library, a café and a workshop where children learn to build furniture.', '2020年，两姐妹买下了它，把它改造成了图书馆、咖啡馆和一个教孩子们做家具的工坊。'],
  ],
  [
    ['Why do cats purr?', '猫为什么会发出呼噜声？'],
    ['Not only when they are happy.', '并不只是在开心的时候。'],
    ['Cats also purr when they are hurt or afraid, and some researchers think the sound helps their bones heal.', '猫在受伤或害怕时也会呼噜，一些研究人员认为这种声音有助于骨骼愈合。'],
  ],
  [
    ['The U.N. said on Wednesday that food prices had fallen for the fourth month in a row.', '联合国周三表示，食品价格已连续第四个月下降。'],
    ['Wheat and vegetable oil were cheaper, while sugar became more expensive.', '小麦和植物油价格下降，糖价则上涨。'],
  ],
  [
    ['The market opens at six.', '市场六点开门。'],
    ['By seven it is full.', '到七点就挤满了人。'],
    ['Fishermen sell what they caught overnight, and restaurant cooks arrive early to choose the best of it.', '渔民们出售前一晚捕到的鱼，餐馆厨师们早早赶来挑选最好的货。'],
    ['By noon, almost nothing is left.', '到了中午，几乎什么都不剩了。'],
  ],
  [
    ['The spacecraft launched on Thursday.', '这艘航天器于周四发射。'],
    [
      'It will travel for seven years before it reaches Jupiter, where it will study the ice that covers one of the planet’s moons.',
      ['它将飞行七年才能抵达木星。', '在那里，它将研究覆盖木星一颗卫星的冰层。'],
    ],
  ],
  [
    ['“Read every day,” the writer told the students.', '“每天都要读书，”作家对学生们说。'],
    ['“Even ten pages.', '“哪怕只读十页。'],
    ['It adds up.”', '积少成多。”'],
  ],
  [
    ['The hospital has a new robot.', '医院有了一台新机器人。'],
    ['It carries medicine from the pharmacy to the wards at night, so nurses can spend more time with patients.', '它在夜间把药品从药房送到病房，这样护士就能有更多时间照顾病人。'],
  ],
  [
    ['St. Mary’s school will close in June.', '圣玛丽学校将于六月关闭。'],
    ['Only 48 pupils are enrolled this year.', '今年只有48名学生入学。'],
    ['Parents have asked the council to keep it open.', '家长们已请求议会让学校继续开办。'],
  ],
  [
    ['Coffee was first drunk in Yemen.', '人们最早是在也门喝咖啡的。'],
    [['It spread to Cairo.', 'Then it reached Istanbul.'], '后来它传到了开罗，又传到了伊斯坦布尔。'],
    ['By the 1650s there were coffee houses in London.', '到了17世纪50年代，伦敦已经有了咖啡馆。'],
  ],
  [
    ['Traffic in the city centre fell by a third after the new charge was introduced.', '新的收费政策实施后，市中心的交通量下降了三分之一。'],
    ['Buses now run faster.', '公交车现在跑得更快了。'],
    ['Shop owners, who had feared the charge would keep customers away, say business is steady.', '店主们原本担心收费会让顾客不再上门，现在他们说生意很稳定。'],
  ],
  [
    ['The recipe is simple.', '做法很简单。'],
    ['Boil the noodles for three minutes.', '把面条煮三分钟。'],
    ['Fry the garlic in oil until it turns golden, then add the noodles, soy sauce and a little sugar.', '用油把蒜炒至金黄，然后加入面条、酱油和少许糖。'],
    ['Serve at once.', '立即上桌。'],
  ],
  [
    ['The company was founded by two engineers in a garage in 1976.', '这家公司由两名工程师于1976年在一间车库里创立。'],
    ['It now employs more than 90,000 people.', '如今它雇有九万多名员工。'],
  ],
  [
    ['Snow leopards are rarely seen.', '雪豹很少被人看到。'],
    ['Cameras hidden in the mountains recorded 23 of them last year, more than researchers had expected.', '去年，藏在山里的相机拍到了23只雪豹，比研究人员预想的要多。'],
    ['The count will be repeated in 2026.', '2026年将再次进行统计。'],
  ],
  [
    ['Mr. and Mrs. Patel have run the corner shop for forty years.', '帕特尔夫妇经营这家街角小店已有四十年。'],
    ['They know every customer by name.', '他们叫得出每位顾客的名字。'],
    ['They will retire next month.', '他们下个月就要退休了。'],
  ],
];
