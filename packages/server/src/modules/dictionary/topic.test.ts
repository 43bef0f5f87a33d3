import { describe, expect, it } from 'vitest';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';
import { FINANCE, LAW, sentenceTopic } from './topic.js';

const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });
const first = async (word: string, sentence: string) => (await dictionary.lookup(word, sentence, null)).meanings[0]!.text;

describe('a sentence about markets and money shows the financial meaning first', () => {
  it('reads the money pages from two different cues, not from one', () => {
    expect(sentenceTopic('The Treasury will sell $10 billion of new bonds.')).toBe(FINANCE);
    expect(sentenceTopic('Profits rose 5% in the third quarter.')).toBe(FINANCE);
    expect(sentenceTopic('She kept the letters in a box under her bed.')).toBe(null);
    expect(sentenceTopic('The price was right.')).toBe(null);
  });

  it('puts 债券 first for a Treasury bond, 捆绑物 first for a bond between people', async () => {
    expect(await first('bond', 'The Treasury plans to sell a new 30-year bond to refinance the federal debt.')).toMatch(/^债券/);
    expect(await first('bond', 'Each $5,000 bond carries one warrant to buy shares at a premium of 2%.')).toMatch(/^债券/);
    expect(await first('bond', 'The bond between the two sisters grew stronger over the years.')).not.toMatch(/^债券/);
  });

  it('puts 费用 first for a charge a company takes against its earnings, 指控 for a charge of fraud', async () => {
    expect(await first('charge', 'The bank took an $89.9 million charge as it reported a third-quarter loss of $70.7 million.')).toMatch(
      /^费用/,
    );
    expect(await first('charges', 'The former broker faces criminal charges of securities fraud and insider trading.')).toMatch(/^指控/);
  });

  it("shows equity's [经] line (权益) when its own lines hold no financial meaning", async () => {
    expect(await first('equity', 'The bank said its return on equity rose to 24% from 23% last year.')).toMatch(/权益/);
    expect(await first('equity', 'The court will decide the case on grounds of equity and fairness.')).not.toMatch(/权益/);
  });

  it("puts 指数 first for a stock index, 索引 for a book's", async () => {
    expect(await first('index', 'The Nasdaq composite index closed down 1.05 to 459.93 on volume of 161.5 million shares.')).toMatch(
      /^指数/,
    );
    expect(await first('index', 'Look the word up in the index at the back of the book.')).toMatch(/^索引/);
  });

  it("puts 季度 first for a company's quarter (a sense SemCor never met), 四分之一 for a quarter of a cake", async () => {
    expect(await first('quarter', 'Sales for the quarter slipped 2.7% to $601.3 million from $618.1 million.')).toMatch(/^季度/);
    expect(await first('quarter', 'She ate a quarter of the cake after dinner.')).toMatch(/^四分之一/);
  });

  it('leaves an everyday sense first where the sentence means it (investors showed interest)', async () => {
    expect(await first('interest', 'Investors showed strong interest in the new shares.')).toMatch(/^兴趣/);
  });
});

describe('a sentence about the courts shows the legal meaning first', () => {
  it('reads the courts from two different cues, and gives them a tie with the money pages', () => {
    expect(sentenceTopic('The judge overturned his conviction after new evidence reached the court.')).toBe(LAW);
    expect(sentenceTopic('The former broker faces criminal charges of securities fraud and insider trading.')).toBe(LAW);
    expect(sentenceTopic('She spoke with deep conviction about the need for change.')).toBe(null);
  });

  it('puts 定罪 first for a conviction a judge overturns, 坚信 for a conviction one speaks with', async () => {
    expect(await first('conviction', 'The judge overturned his conviction after new evidence reached the court.')).toMatch(/^定罪/);
    expect(await first('conviction', 'She spoke with deep conviction about the need for change.')).toMatch(/^坚信/);
  });

  it('moves a legal item only for a noun: a trial before a jury 审判, prosecutors 公诉人, the court decided 决定', async () => {
    expect(await first('trial', 'During the trial the defendant told the jury he was innocent.')).toMatch(/^审判/);
    expect(await first('prosecutors', 'Federal prosecutors said the defendant lied to the court.')).toMatch(/^公诉人/);
    expect(await first('decided', 'The court decided that the lawyers could not see the files.')).toMatch(/^决定/);
  });
});
