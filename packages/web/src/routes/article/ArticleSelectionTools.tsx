import { useState } from 'react';
import type { ArticleDetail } from '@changdu/contract';
import { anchorOfRange } from '../../features/reader/notes';
import { NoteTools } from '../../features/reader/NoteTools';
import type { NoteDrafting } from '../../features/reader/useNoteDraft';
import { AiHelpSheet, AiSelectionButtons, type AiRequest } from './ai/AiHelpSheet';
import type { ArticleSelection } from './useArticleSelection';

export interface ArticleSelectionToolsProps {
  article: ArticleDetail;
  picked: ArticleSelection;
  notes: NoteDrafting;
  needLogin: (why: string) => boolean;
}

/** The selection's tools in an article: highlight, note and copy, and the AI's 翻译, 解析 and 问 AI on it. */
export function ArticleSelectionTools({ article, picked, notes, needLogin }: ArticleSelectionToolsProps) {
  const [aiRequest, setAiRequest] = useState<AiRequest | null>(null);
  const selection = picked.selection;
  return (
    <>
      <AiHelpSheet
        request={aiRequest}
        articleId={article.id}
        paragraphIds={article.paragraphs.map((p) => p.id)}
        onClose={() => setAiRequest(null)}
      />
      <NoteTools
        selection={selection}
        clearSelection={picked.clear}
        notes={notes}
        label={picked.byMenu ? '段落工具' : undefined}
        extra={
          selection && (
            <AiSelectionButtons
              onAction={(action) => {
                if (needLogin('登录后可以使用 AI 翻译、解析和提问')) return;
                setAiRequest({ action, text: selection.range.text.slice(0, 2000), pos: anchorOfRange(selection.range).root });
                picked.clear();
              }}
            />
          )
        }
      />
    </>
  );
}
