import { useState } from 'react';

export const NOTES_NEED_LOGIN = '登录后可以划线、写笔记，笔记会同步到你的账号';

/** The login prompt a logged-out reader gets when they use a tool that keeps something for them. */
export function useLoginPrompt(loggedIn: boolean) {
  const [reason, setReason] = useState<string | null>(null);
  return {
    reason,
    ask: setReason,
    close: () => setReason(null),
    /** True (and the prompt shown, saying why) when the reader must log in first. */
    need: (why: string) => {
      if (loggedIn) return false;
      setReason(why);
      return true;
    },
  };
}

export type LoginPrompting = ReturnType<typeof useLoginPrompt>;
