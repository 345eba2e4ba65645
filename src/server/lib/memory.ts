import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collector: (() => void) | null | undefined;

/**
 * Has V8 collect the garbage of the whole process now (a full collection), where it can; answers
 * whether it could. Node keeps V8's `gc()` to processes started with `--expose-gc`; setting that
 * flag later gives it to contexts made afterwards, so one new context hands it over.
 *
 * Only for work that is about to need a lot of memory at once (decision 048): after a day of
 * requests the server's heap holds tens or hundreds of MB of garbage V8 has not collected yet,
 * because it is allowed to grow; without a collection first, a large import's rows are laid
 * beside that garbage instead of in its place.
 */
export function collectGarbage(): boolean {
  if (collector === undefined) {
    try {
      setFlagsFromString("--expose-gc");
      const found: unknown = runInNewContext("typeof gc === 'function' ? gc : null");
      collector = typeof found === "function" ? (found as () => void) : null;
    } catch {
      collector = null;
    }
  }
  collector?.();
  return collector !== null;
}
