import { beforeAll, expect, it } from "vitest";
import type { Category } from "#shared/schemas/categories.schema.ts";
import {
  latestOutboxMail,
  linkIn,
  outboxVerificationLink,
  signUpAndVerify,
  uniqueEmail,
  type SignedUp,
} from "#test/accounts.ts";
import { errorOf } from "#test/client.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { useTestApp } from "#test/test-app.ts";
import { findMembership } from "../households/households.service.ts";
import { expectJson } from "../transactions/entries-test-household.ts";

/**
 * Default categories carry their identity (issue 16, item 5): a household started in English
 * that a Dutch partner joins holds one Groceries, shown as "Boodschappen" to her and "Groceries"
 * to him, until someone renames it; the partner's own default categories merge into the
 * household's by identity, not by name; imports and searches in either language find it.
 */
describeOnEachDatabase("default names in the reader's language", (database) => {
  const testApp = useTestApp(database);
  let anna: SignedUp;
  let sanne: SignedUp;

  const categoriesOf = async (who: SignedUp) =>
    (
      await expectJson<{ categories: Category[] }>(
        await who.client.get("/api/categories?includeArchived=true"),
      )
    ).categories;
  const groceriesOf = async (who: SignedUp) => {
    const found = (await categoriesOf(who)).filter((c) => c.defaultKey === "groceries");
    expect(found).toHaveLength(1);
    return found[0] as Category;
  };

  beforeAll(async () => {
    const verificationLink = outboxVerificationLink(testApp);
    anna = await signUpAndVerify(testApp, { name: "Anna", language: "en", verificationLink });
    sanne = await signUpAndVerify(testApp, {
      name: "Sanne",
      language: "nl",
      email: uniqueEmail("sanne"),
      verificationLink,
    });
    // Sanne's own household (in Dutch) has an entry in its Boodschappen before she joins.
    const own = await groceriesOf(sanne);
    expect(own.name).toBe("Boodschappen");
    const membership = await findMembership(testApp().deps.database.db, sanne.userId);
    const memberId = membership?.memberId ?? "";
    const created = await sanne.client.post("/api/transactions", {
      kind: "expense",
      amountCents: 4250,
      occurredOn: "2026-03-02",
      categoryId: own.id,
      merchant: "Albert Heijn",
      splitMode: "personal",
      memberId,
      paidByMemberId: memberId,
    });
    expect(created.status).toBe(201);

    const annas = await findMembership(testApp().deps.database.db, anna.userId);
    const sent = await anna.client.post("/api/send-invitation", {
      email: sanne.email,
      householdId: annas?.householdId,
    });
    expect(sent.status).toBe(200);
    const link = linkIn(
      (await latestOutboxMail(testApp(), sanne.email)).text,
      "/invitation?token=",
    );
    const token = new URL(link).searchParams.get("token") ?? "";
    const accepted = await sanne.client.post("/api/accept-invitation", { invitationToken: token });
    expect(accepted.status).toBe(200);
  });

  it("merges the partner's defaults by identity and names them in each reader's language", async () => {
    const annas = await categoriesOf(anna);
    const sannes = await categoriesOf(sanne);
    // One of each default, whatever language each household was started in.
    const keys = annas.map((c) => c.defaultKey).filter(Boolean);
    expect(new Set(keys).size).toBe(keys.length);
    expect(annas.map((c) => c.id).sort()).toEqual(sannes.map((c) => c.id).sort());
    expect((await groceriesOf(anna)).name).toBe("Groceries");
    expect((await groceriesOf(sanne)).name).toBe("Boodschappen");
    expect(sannes.find((c) => c.defaultKey === "salary")?.name).toBe("Salaris");
    expect(annas.some((c) => c.name === "Boodschappen" || c.name === "Salaris")).toBe(false);
    // Sanne's entry moved into the household's one Groceries.
    const summary = await expectJson<{ count: number; expenseCents: number }>(
      await anna.client.get(`/api/transactions/summary?category=${(await groceriesOf(anna)).id}`),
    );
    expect(summary).toMatchObject({ count: 1, expenseCents: 4250 });
  });

  it("finds the category by its name in either language: search, a new name, an import", async () => {
    const groceries = await groceriesOf(anna);
    // Anna searches in English for what Sanne booked under Boodschappen, Sanne in Dutch.
    for (const [who, text] of [
      [anna, "groceries"],
      [sanne, "boodschappen"],
      [anna, "boodschappen"],
    ] as const) {
      const page = await expectJson<{ items: { categoryId: string }[] }>(
        await who.client.get(`/api/transactions?q=${text}`),
      );
      expect(page.items.map((item) => item.categoryId)).toEqual([groceries.id]);
    }
    // A new category may not take the default's name in the other language.
    const taken = await sanne.client.post("/api/categories", {
      kind: "expense",
      name: "groceries",
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields?.name).toBeTruthy();
    // An import naming "Boodschappen" in the English-started household books into Groceries.
    const imported = await expectJson<{ imported: number; createdCategories: number }>(
      await anna.client.post("/api/imports", {
        text: "Date;Amount;Category\n2026-03-05;-12,50;Boodschappen",
        setup: {
          columns: { date: 0, amount: 1, category: 2 },
          hasHeader: true,
          dateFormat: "YYYY-MM-DD",
          decimal: "comma",
          kindFrom: "sign",
          defaultKind: "expense",
          defaultCategory: null,
        },
      }),
    );
    expect(imported).toMatchObject({ imported: 1, createdCategories: 0 });
    // The export names it in the reader's language.
    const exported = await (await sanne.client.get("/api/transactions/export")).text();
    expect(exported).toContain("Boodschappen");
    expect(exported).not.toContain("Groceries");
  });

  it("keeps a name someone gave it, for every reader", async () => {
    const groceries = await groceriesOf(anna);
    // Saving the form unchanged keeps the name following the reader.
    const same = await anna.client.request("PATCH", `/api/categories/${groceries.id}`, {
      name: "Groceries",
      color: "amber",
    });
    expect(same.status).toBe(200);
    expect((await groceriesOf(sanne)).name).toBe("Boodschappen");
    const renamed = await sanne.client.request("PATCH", `/api/categories/${groceries.id}`, {
      name: "Eten en drinken",
    });
    expect(renamed.status).toBe(200);
    expect((await groceriesOf(anna)).name).toBe("Eten en drinken");
    expect((await groceriesOf(sanne)).name).toBe("Eten en drinken");
  });
  it("shows the household's default name in the reader's language until it is renamed", async () => {
    const householdOf = async (who: SignedUp) =>
      (
        await expectJson<{ account: { household: { id: string; name: string } } }>(
          await who.client.get("/api/session"),
        )
      ).account.household;
    expect((await householdOf(anna)).name).toBe("Anna's household");
    expect((await householdOf(sanne)).name).toBe("Huishouden van Anna");
    const { id } = await householdOf(anna);
    const renamed = await anna.client.request("PATCH", `/api/households/${id}`, {
      name: "De Boomgaard",
    });
    expect(renamed.status).toBe(200);
    expect((await householdOf(anna)).name).toBe("De Boomgaard");
    expect((await householdOf(sanne)).name).toBe("De Boomgaard");
  });
});
