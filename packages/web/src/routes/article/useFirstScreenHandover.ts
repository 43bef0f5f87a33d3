import { useLayoutEffect, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Paragraph } from '@changdu/contract';
import { wordEntryKey } from '../../api/reader.queries';
import { earlyTapTarget, takeEarlyTap } from '../../features/reader/early-tap';
import { restoreEarlySelection, takeEarlySelection } from '../../features/reader/early-selection';

/**
 * What the reader did on the server-drawn text before the app started (src/boot/first-screen.ts),
 * taken over by the reader's first render. A tap's word opens in the reader's own sheet, in place
 * of the one the script opened (`shown`: that sheet is on screen already), filled from the answer
 * the script got for the same word and sentence, if one came (no second lookup). A selection (kept as
 * the app mounted, src/main.tsx) is put back on the reader's own text, where the selection
 * toolbar takes it up: the app replaced the nodes it was on.
 */
export function useFirstScreenHandover(body: RefObject<HTMLElement | null>, tappable: ReadonlyMap<string, Paragraph>) {
  const queryClient = useQueryClient();
  const [early] = useState(() => {
    const kept = takeEarlyTap();
    const target = kept && earlyTapTarget(kept.tap, tappable);
    const answer = kept?.tap.answer;
    if (target && answer && answer.word === target.word && answer.sentence === target.sentence && (answer.at ?? 0) === (target.at ?? 0))
      queryClient.setQueryData(wordEntryKey(target.word, target.sentence, target.at), answer.result);
    return { target, shown: kept?.shown ?? false };
  });
  const [earlySelection] = useState(takeEarlySelection);
  useLayoutEffect(() => {
    if (earlySelection && body.current) restoreEarlySelection(earlySelection, body.current);
  }, [earlySelection, body]);
  return early;
}
