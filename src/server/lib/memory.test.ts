import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { collectGarbage, collectWhenIdle, limitHeapGrowth } from "./memory.ts";

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

describe("limitHeapGrowth", () => {
  /**
   * A program that keeps 150,000 objects and makes 40 rounds of 60,000 more, each round's kept
   * through three more rounds (long enough to reach V8's old generation), then dropped: about
   * 60 MB live at any time. Answers the most V8's old generation held meanwhile, garbage
   * included (the limit is on that generation; the young one is sized at start, and Node 24
   * makes it larger).
   */
  const program = (limit: boolean) => `
    const { limitHeapGrowth } = await import(${JSON.stringify(new URL("./memory.ts", import.meta.url).href)});
    ${limit ? "limitHeapGrowth();" : ""}
    const { getHeapSpaceStatistics } = await import("node:v8");
    const old = () => getHeapSpaceStatistics().find((s) => s.space_name === "old_space").space_used_size;
    const live = [];
    for (let i = 0; i < 150_000; i++) live.push({ name: "live " + i, at: [i, i + 1] });
    let peak = 0;
    const kept = [];
    for (let round = 0; round < 40; round++) {
      const made = [];
      for (let i = 0; i < 60_000; i++) made.push({ name: "round " + round + " " + i, at: [round, i] });
      kept.push(made);
      if (kept.length > 3) kept.shift();
      peak = Math.max(peak, old());
    }
    console.log(JSON.stringify({ peak, live: live.length }));
  `;
  const peakMb = async (limit: boolean) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", program(limit)],
      { cwd: new URL("../../..", import.meta.url).pathname },
    );
    return (JSON.parse(stdout) as { peak: number }).peak / 1024 / 1024;
  };

  it("keeps the heap near what is live, where V8 alone lets garbage grow it several times over", async () => {
    const [limited, unlimited] = await Promise.all([peakMb(true), peakMb(false)]);
    // Node 20, 22 and 24 on a machine of 24 GB: 115-145 MB limited, 255-330 MB without.
    expect(limited).toBeLessThan(180);
    expect(limited).toBeLessThan(unlimited * 0.75);
  }, 60_000);

  it("leaves a limit given on Node's command line as it is", () => {
    expect(limitHeapGrowth(50, ["--heap-growing-percent=20"])).toBe(false);
    expect(limitHeapGrowth(50, ["--heap_growing_percent", "20"])).toBe(false);
  });
});
