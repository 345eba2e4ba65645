import { getHeapStatistics, setFlagsFromString } from "node:v8";
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

/**
 * How far V8 may let the old generation grow past what its last full collection kept, in
 * percent. V8 picks this from how fast it collects against how fast the program allocates, up to
 * four times what is live when the heap's limit is large (Node set 4,144 MB on a machine of
 * 24 GB); a server answering a burst of reports reached 470-700 MB that way, most of it garbage
 * (decision 057).
 */
const heapGrowthPercent = 50;

/**
 * Holds V8's heap to `percent` more than what was live after its last full collection, for the
 * rest of the process's life (V8 reads the flag each time it sets its next limit). A
 * `--heap-growing-percent` given on Node's command line is left as it is; answers whether the
 * limit was set here.
 */
export function limitHeapGrowth(
  percent: number = heapGrowthPercent,
  execArgv: readonly string[] = process.execArgv,
): boolean {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}

export type IdleCollector = {
  /** A request arrived: the server is busy again. */
  touch(): void;
  stop(): void;
};

/**
 * Collects the garbage once the server has been quiet for `idleMs` after work that grew its heap
 * by `minGrowthBytes` or more, once per quiet spell. V8 lets a busy server's heap grow to several
 * times what it uses, and Node gives it no sign of being idle to give the rest back by; a family's
 * server is quiet most of the day, and no one waits for a collection made then.
 */
export function collectWhenIdle({
  idleMs,
  checkEveryMs = Math.max(10, Math.floor(idleMs / 5)),
  minGrowthBytes = 32 * 1024 * 1024,
  collect = collectGarbage,
  heapUsed = () => getHeapStatistics().used_heap_size,
}: {
  idleMs: number;
  checkEveryMs?: number;
  minGrowthBytes?: number;
  collect?: () => unknown;
  heapUsed?: () => number;
}): IdleCollector {
  let lastTouch = 0;
  let touched = false;
  let usedAfterCollection = heapUsed();
  const timer = setInterval(() => {
    if (!touched || performance.now() - lastTouch < idleMs) return;
    touched = false;
    if (heapUsed() - usedAfterCollection < minGrowthBytes) return;
    collect();
    usedAfterCollection = heapUsed();
  }, checkEveryMs);
  timer.unref();
  return {
    touch() {
      lastTouch = performance.now();
      touched = true;
    },
    stop() {
      clearInterval(timer);
    },
  };
}
