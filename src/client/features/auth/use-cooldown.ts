import { useCallback, useEffect, useState } from "react";

/**
 * A countdown in whole seconds: `start(30)`, then `remaining` goes 30, 29, … 0. It runs against
 * the clock, so a tab the browser slowed down in the background still ends on time.
 */
export function useCooldown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(0);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(time + Math.max(0, seconds) * 1000);
  }, []);

  const remaining = until > now ? Math.ceil((until - now) / 1000) : 0;
  return { remaining, start };
}
