import type { Steps } from "#shared/steps.ts";

/** How long the server's thread works on one job's steps before it lets everyone else in. */
export const sliceMilliseconds = 8;

/** Lets other requests run before going on: waits for the event loop's next turn. */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs work written in steps (`shared/steps.ts`) on the server's thread a slice at a time: after
 * `sliceMilliseconds` of steps it waits for the event loop's next turn, so the requests that
 * arrived meanwhile are answered before it goes on (decision 048).
 */
export async function cooperatively<T>(steps: Steps<T>): Promise<T> {
  let sliceStarted = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - sliceStarted >= sliceMilliseconds) {
      await yieldToOthers();
      sliceStarted = performance.now();
    }
  }
}
