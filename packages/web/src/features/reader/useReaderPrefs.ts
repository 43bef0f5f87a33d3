import { useState } from 'react';
import { examLevels, type ExamLevel } from '@changdu/contract';

/** Text sizes of the reading page: a scale of the body text, smallest first. */
export const fontSteps = [
  { value: 0.9, label: '小' },
  { value: 1, label: '标准' },
  { value: 1.12, label: '大' },
  { value: 1.25, label: '特大' },
] as const;
export type FontStep = 0 | 1 | 2 | 3;

const FONT_KEY = 'cd_reader_font';
const LEVEL_KEY = 'cd_reader_level';
const STATUS_KEY = 'cd_reader_status_marks';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the choice lasts for this page only.
  }
}

function storedFont(): FontStep {
  const value = read(FONT_KEY);
  return value === '0' || value === '2' || value === '3' ? (Number(value) as FontStep) : 1;
}

function storedLevel(): ExamLevel | null {
  const value = read(LEVEL_KEY);
  return (examLevels as readonly string[]).includes(value ?? '') ? (value as ExamLevel) : null;
}

/** The body text size (4 steps), remembered on this device. */
export function useFontStep(): [FontStep, (step: FontStep) => void] {
  const [step, setStep] = useState(storedFont);
  return [
    step,
    (next) => {
      setStep(next);
      write(FONT_KEY, next === 1 ? null : String(next));
    },
  ];
}

/** The exam level whose harder words are marked (null: none), remembered on this device. */
export function useLevelChoice(): [ExamLevel | null, (level: ExamLevel | null) => void] {
  const [level, setLevel] = useState(storedLevel);
  return [
    level,
    (next) => {
      setLevel(next);
      write(LEVEL_KEY, next);
    },
  ];
}

/** Whether words new to the reader are underlined in the text: on unless turned off on this device. */
export function useStatusMarks(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => read(STATUS_KEY) !== 'off');
  return [
    on,
    (next) => {
      setOn(next);
      write(STATUS_KEY, next ? null : 'off');
    },
  ];
}
