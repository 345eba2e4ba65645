/**
 * Work done in steps: a generator that yields between slices of its work and returns its answer
 * at the end. The browser and small files run it at once (`runSteps`); the server runs a large
 * import's steps a few milliseconds at a time (`server/lib/cooperative.ts`), so everyone else is
 * answered in between, on the same thread and in the same memory (decision 048).
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once and answers the result. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** How many rows a step of row-by-row work handles before it yields. */
export const rowsPerStep = 256;
