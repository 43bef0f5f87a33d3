import { useEffect, useState } from 'react';

/** A seconds countdown (the SMS resend wait): `[left, start(seconds)]`, ticking once a second. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [running]);
  return [left, setLeft];
}
