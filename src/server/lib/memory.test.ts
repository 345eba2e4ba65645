import { describe, expect, it } from "vitest";
import { collectGarbage, collectWhenIdle } from "./memory.ts";

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

describe("collectWhenIdle", () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("collects once per quiet spell after work that grew the heap, never while busy", async () => {
    let used = 0;
    let collections = 0;
    const idle = collectWhenIdle({
      idleMs: 300,
      checkEveryMs: 20,
      minGrowthBytes: 100,
      heapUsed: () => used,
      collect: () => {
        collections += 1;
        used = 0;
      },
    });
    try {
      // Nothing happened yet: no collection.
      await pause(400);
      expect(collections).toBe(0);
      // Busy: a request every 20 ms (far less than the quiet time), the heap growing.
      for (let i = 0; i < 8; i++) {
        idle.touch();
        used += 50;
        await pause(20);
      }
      expect(collections).toBe(0);
      await pause(600);
      expect(collections).toBe(1);
      // Still quiet: not again.
      await pause(600);
      expect(collections).toBe(1);
      // A request that grew the heap too little: no collection after it.
      idle.touch();
      used += 10;
      await pause(600);
      expect(collections).toBe(1);
      idle.touch();
      used += 200;
      await pause(600);
      expect(collections).toBe(2);
    } finally {
      idle.stop();
    }
  });
});
