import { examLevels, levelLabels, type ExamLevel } from '@changdu/contract';
import { Modal } from '../../components/Modal';
import { ThemeSwitcher } from '../../components/ThemeSwitcher';
import { fontSteps, type FontStep } from './useReaderPrefs';

export interface ReaderSettingsProps {
  open: boolean;
  onClose: () => void;
  fontStep: FontStep;
  onFontStep: (step: FontStep) => void;
  level: ExamLevel | null;
  onLevel: (level: ExamLevel | null) => void;
  /** Show the 生词标注 choice (the article reader); books leave it out. */
  showLevel?: boolean;
  /** The underline of words new to the reader, for a logged-in reader of articles. */
  statusMarks?: { on: boolean; set: (on: boolean) => void } | undefined;
  /** Open the 翻页说明 hint (the book reader, whose taps page). */
  onPagingHelp?: () => void;
}

/** 阅读设置: text size, theme, and which exam level's harder words are marked. */
export function ReaderSettings({
  open,
  onClose,
  fontStep,
  onFontStep,
  level,
  onLevel,
  showLevel = true,
  statusMarks,
  onPagingHelp,
}: ReaderSettingsProps) {
  return (
    <Modal open={open} onClose={onClose} title="阅读设置">
      <div className="reader-settings">
        <section>
          <h3 className="settings-label">字号</h3>
          <div className="segmented font-steps" role="radiogroup" aria-label="字号">
            {fontSteps.map((step, i) => (
              <button
                key={step.label}
                type="button"
                role="radio"
                aria-checked={fontStep === i}
                aria-label={step.label}
                className="segmented-option"
                onClick={() => onFontStep(i as FontStep)}
              >
                <span style={{ fontSize: `${step.value}em` }} aria-hidden="true">
                  A
                </span>
                <span className="font-step-label">{step.label}</span>
              </button>
            ))}
          </div>
        </section>
        <section>
          <h3 className="settings-label">主题</h3>
          <ThemeSwitcher />
        </section>
        {showLevel && (
          <section>
            <h3 className="settings-label">生词标注</h3>
            <p className="settings-hint">标出超出所选级别的词，点一下看释义</p>
            <div className="level-chooser" role="radiogroup" aria-label="生词标注">
              {[null, ...examLevels].map((value) => (
                <button
                  key={value ?? 'none'}
                  type="button"
                  role="radio"
                  aria-checked={level === value}
                  className="level-option"
                  onClick={() => onLevel(value)}
                >
                  {value ? levelLabels[value] : '无'}
                </button>
              ))}
            </div>
          </section>
        )}
        {statusMarks && (
          <section>
            <h3 className="settings-label">我的词汇</h3>
            <label className="settings-switch">
              <input type="checkbox" checked={statusMarks.on} onChange={(e) => statusMarks.set(e.currentTarget.checked)} />
              <span>给我还不认识的词加下划线</span>
            </label>
            <p className="settings-hint">在词卡里点“我认识”，或读完点“其余的词我都认识”，下划线就会消失</p>
          </section>
        )}
        {onPagingHelp && (
          <section>
            <h3 className="settings-label">翻页</h3>
            <p className="settings-hint">点两侧翻页，点中间的词查义，长按任意词也可查义</p>
            <button type="button" className="button button-secondary" onClick={onPagingHelp}>
              翻页说明
            </button>
          </section>
        )}
      </div>
    </Modal>
  );
}
