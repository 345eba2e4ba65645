import { expect, it } from "vitest";
import { today } from "#shared/dates.ts";
import { TestClient } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { seedDemo, type SeedDemoResult } from "./seed-demo.ts";

describeOnEachDatabase("npm run seed:demo", (database) => {
  const testApp = useTestApp(database);

  it("makes a demo household one can sign in to and see full, and a second run adds nothing", async () => {
    const day = today();
    const result: SeedDemoResult = await seedDemo(testApp().deps, { today: day });
    if (!result.created) throw new Error("The first run made no demo account.");
    expect(result.email).toBe("demo@hearth.local");
    expect(result.counts.transactions).toBeGreaterThan(400);

    const client = new TestClient(testApp);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email: result.email,
      password: result.password,
    });
    expect(signIn.status).toBe(200);
    const json = async <T>(path: string): Promise<T> => {
      const response = await client.get(path);
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };

    const { members } = await json<{ members: { name: string; isHousehold: boolean }[] }>(
      `/api/households/${result.householdId}/members`,
    );
    expect(members.filter((member) => !member.isHousehold)).toHaveLength(2);

    // Two years of entries up to today.
    const [year, month] = day.split("-").map(Number) as [number, number];
    const twoYearsBack = `${year - 2}-${String(month).padStart(2, "0")}-01`;
    const all = await json<{ count: number; incomeCents: number; expenseCents: number }>(
      `/api/transactions/summary?to=${day}`,
    );
    const early = await json<{ count: number }>(
      `/api/transactions/summary?from=${twoYearsBack}&to=${year - 2}-${String(month).padStart(2, "0")}-28`,
    );
    expect(early.count).toBeGreaterThan(5);
    const older = await json<{ count: number }>(`/api/transactions/summary?to=${year - 2}-01-01`);
    expect(older.count).toBe(0);
    expect(all.count).toBe(result.counts.transactions);
    expect(all.incomeCents).toBeGreaterThan(all.expenseCents);

    // The holiday allowance in the last May that has passed.
    const mayYear = month > 5 || (month === 5 && Number(day.slice(8)) >= 25) ? year : year - 1;
    const categories = await json<{ categories: { id: string; name: string }[] }>(
      "/api/categories",
    );
    const holiday = categories.categories.find((category) => category.name === "Vakantiegeld");
    if (!holiday) throw new Error("The Dutch category Vakantiegeld is missing.");
    const may = await json<{ count: number; incomeCents: number }>(
      `/api/transactions/summary?from=${mayYear}-05-01&to=${mayYear}-05-31&category=${holiday.id}`,
    );
    expect(may.count).toBe(2);
    expect(may.incomeCents).toBeGreaterThan(300_000);

    const { rules } = await json<{ rules: unknown[] }>("/api/recurring");
    expect(rules.length).toBeGreaterThanOrEqual(4);

    const { budgets } = await json<{ budgets: { state: string }[] }>(
      `/api/budgets?month=${day.slice(0, 7)}`,
    );
    expect(budgets).toHaveLength(4);
    expect(budgets.some((budget) => budget.state !== "ok")).toBe(true);
    expect(budgets.some((budget) => budget.state === "over")).toBe(true);

    const settleUp = await json<{ balances: { balanceCents: number }[] }>("/api/settle-up");
    expect(settleUp.balances.reduce((sum, balance) => sum + balance.balanceCents, 0)).toBe(0);

    // A second run finds the account and adds nothing.
    const again = await seedDemo(testApp().deps, { today: day });
    expect(again.created).toBe(false);
    const after = await json<{ count: number }>(`/api/transactions/summary?to=${day}`);
    expect(after.count).toBe(all.count);
  });
});
