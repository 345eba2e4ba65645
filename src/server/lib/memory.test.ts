import { describe, expect, it } from "vitest";
import { collectGarbage } from "./memory.ts";

describe("collectGarbage", () => {
  it("collects what nothing refers to any more, at once", () => {
    expect(collectGarbage()).toBe(true);
    const before = process.memoryUsage().heapUsed;
    // 64 MB of arrays that are garbage as soon as they are made (no collection can happen while
    // the last one is still referred to, so the heap has grown by the time the loop ends).
    let kept: number[][] = [];
    for (let i = 0; i < 64; i++) kept.push(Array.from({ length: 128 * 1024 }, (_, j) => j + i));
    const grown = process.memoryUsage().heapUsed;
    expect(grown - before).toBeGreaterThan(32 * 1024 * 1024);
    kept = [];
    expect(kept).toHaveLength(0);
    expect(collectGarbage()).toBe(true);
    expect(process.memoryUsage().heapUsed).toBeLessThan(grown - 32 * 1024 * 1024);
  });
});
