import { describe, expect, it } from 'vitest';
import { dictionaryService } from './dictionary.service.js';
import { openEcdict } from './ecdict.js';

const dictionary = dictionaryService(openEcdict(), { inWordBook: async () => false, recordLookup: () => undefined });
const lookup = (word: string, sentence: string) => dictionary.lookup(word, sentence, null);

// [tapped, sentence, the headword the sheet must show, Chinese its first meaning must hold]
const OWN_VERB: [string, string, string, RegExp][] = [
  ['lay', 'She lay the cards on the table and smiled.', 'lay', /放置/],
  ['lay', 'Then lay a strip of cloth along the edge.', 'lay', /放置/],
  ['lay', 'It is time to lay down the rules.', 'lay', /放置/],
  ['fell', 'The loggers plan to fell the old oaks next spring.', 'fell', /击倒/],
  ['fell', 'Workers fell the trees with chainsaws.', 'fell', /击倒/],
  ['wound', 'The attacker wound him with a knife.', 'wound', /伤/],
  ['found', 'They want to found a school for girls.', 'found', /建立|创立/],
  ['saw', 'I will saw the board in half.', 'saw', /锯/],
];
const PAST_OF_ANOTHER: [string, string, string, RegExp][] = [
  ['lay', 'He lay on the bed all afternoon.', 'lie', /躺/],
  ['lay', 'On her desk lay a small brass clock.', 'lie', /躺|位于/],
  ['lay', 'Behind him lay the open sea.', 'lie', /躺|位于/],
  ['fell', 'Prices fell the next day after the report.', 'fall', /落下|下跌|倒下/],
  ['fell', 'The contract fell a total of 30 points.', 'fall', /落下|下跌|倒下/],
  ['fell', 'Many families fell victim to the scheme.', 'fall', /阵亡|倒下|落下/],
  ['wound', 'She wound the clock before bed.', 'wind', /上发条|缠绕/],
  ['wound', 'The road wound through the hills.', 'wind', /蜿蜒/],
  ['found', 'She found her keys under the sofa.', 'find', /发现|找到/],
  ['found', 'Found a great cafe near the station.', 'find', /发现|找到/],
  ['saw', 'We saw the logs floating down the river.', 'see', /看见/],
  ['saw', 'I saw him yesterday.', 'see', /看见/],
];

describe('a past form that is also a verb of its own ("lay the cards", "fell the trees")', () => {
  it.each(OWN_VERB)(
    'reads %s in "%s" as %s itself: an object its lemma never takes, a person, or a base slot',
    async (word, sentence, headword, first) => {
      const entry = await lookup(word, sentence);
      expect(entry.word).toBe(headword);
      expect(entry.meanings[0]!.text).toMatch(first);
    },
  );

  it.each(PAST_OF_ANOTHER)('keeps %s in "%s" as the past of %s', async (word, sentence, headword, first) => {
    const entry = await lookup(word, sentence);
    expect(entry.word).toBe(headword);
    expect(entry.meanings[0]!.text).toMatch(first);
  });

  it('names the phrase of the verb it reads: "lay down the rules" is lay down, "lay awake" lie awake', async () => {
    expect((await lookup('lay', 'It is time to lay down the rules.')).phrase?.text).toBe('lay down');
    expect((await lookup('lay', 'She lay awake all night.')).phrase?.text).toBe('lie awake');
  });
});
