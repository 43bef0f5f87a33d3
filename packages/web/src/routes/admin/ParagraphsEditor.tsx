import type { Paragraph } from '@changdu/contract';

/** A paragraph being edited; `id` is the stored paragraph's, absent for a new one. */
export interface ParagraphDraft {
  /** React's key: the id, or a local one for a new paragraph. */
  key: string;
  id?: string;
  kind: Paragraph['kind'];
  text: string;
  zh: string;
}

const kindLabels: Record<Paragraph['kind'], string> = {
  p: '段落',
  h2: '小标题',
  h3: '三级标题',
  blockquote: '引文',
  li: '列表项',
  figure: '图片',
};

let localKeys = 0;
export function newParagraph(): ParagraphDraft {
  return { key: `new-${++localKeys}`, kind: 'p', text: '', zh: '' };
}

/**
 * The body as a list of paragraphs, each with its translation beside it (stacked on
 * phones): change the kind, move up or down, insert below, remove.
 */
export function ParagraphsEditor({ value, onChange }: { value: ParagraphDraft[]; onChange: (next: ParagraphDraft[]) => void }) {
  const update = (index: number, patch: Partial<ParagraphDraft>) => onChange(value.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  const insertAfter = (index: number) => onChange([...value.slice(0, index + 1), newParagraph(), ...value.slice(index + 1)]);
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));

  return (
    <div className="para-editor">
      <div className="para-editor-cols" aria-hidden="true">
        <span>原文</span>
        <span>译文</span>
      </div>
      <ol className="para-edit-list" aria-label="段落">
        {value.map((p, index) => {
          const n = index + 1;
          return (
            <li key={p.key} className="para-edit" data-pid={p.id}>
              <div className="para-edit-head">
                <span className="para-edit-n">{n}</span>
                <select
                  className="input select select-small"
                  aria-label={`第 ${n} 段类型`}
                  value={p.kind}
                  onChange={(e) => update(index, { kind: e.target.value as Paragraph['kind'] })}
                >
                  {Object.entries(kindLabels).map(([kind, label]) => (
                    <option key={kind} value={kind}>
                      {label}
                    </option>
                  ))}
                </select>
                <span className="para-edit-tools">
                  <button
                    type="button"
                    className="icon-button icon-button-small"
                    aria-label={`第 ${n} 段上移`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button-small"
                    aria-label={`第 ${n} 段下移`}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button-small"
                    aria-label={`在第 ${n} 段后插入`}
                    onClick={() => insertAfter(index)}
                  >
                    ＋
                  </button>
                  <button
                    type="button"
                    className="icon-button icon-button-small icon-button-danger"
                    aria-label={`删除第 ${n} 段`}
                    disabled={value.length === 1}
                    onClick={() => remove(index)}
                  >
                    ×
                  </button>
                </span>
              </div>
              <div className="para-edit-cols">
                <textarea
                  className="input textarea para-edit-text"
                  aria-label={`第 ${n} 段原文`}
                  lang="en"
                  rows={3}
                  value={p.text}
                  onChange={(e) => update(index, { text: e.target.value })}
                />
                <textarea
                  className="input textarea para-edit-zh"
                  aria-label={`第 ${n} 段译文`}
                  lang="zh-CN"
                  rows={3}
                  placeholder="译文（可留空）"
                  value={p.zh}
                  onChange={(e) => update(index, { zh: e.target.value })}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button-secondary button-small" onClick={() => onChange([...value, newParagraph()])}>
        添加段落
      </button>
    </div>
  );
}
