import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import i18next from "i18next";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Account } from "#client/features/account/account.queries.ts";
import { categoryQueries } from "#client/features/categories/categories.queries.ts";
import {
  householdQueries,
  type HouseholdMemberRow,
} from "#client/features/households/households.queries.ts";
import enCommon from "#client/locales/en/common.json";
import enEntries from "#client/locales/en/entries.json";
import type { Category } from "#shared/schemas/categories.schema.ts";
import { EntryDialogHost } from "./entry-dialog.tsx";
import { closeEntryDialog, openEntryDialog } from "./entry-dialog-store.ts";

/**
 * The dialog's forms are a deferred chunk (entry-dialog-body.tsx): here it arrives only when the
 * test lets it, as it does 200–400 ms after "n" on a real connection.
 */
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock("./entry-dialog-body.tsx", async (importOriginal) => {
  await chunk.arrived;
  return importOriginal();
});

/** The chunk's first import transforms the forms' code: on a cold cache, seconds. */
const arrival = { timeout: 15_000 };

afterEach(() => {
  act(() => closeEntryDialog());
  cleanup();
  vi.unstubAllGlobals();
});

const householdId = "0b6f3c52-4a55-4b7e-9d0c-3f4f4a1b7a10";
const me: HouseholdMemberRow = {
  id: "5d0e6a1c-93b4-4d3e-a1f2-7c8b9d0e1f21",
  name: "Anna",
  role: "owner",
  isHousehold: false,
  invitationStatus: "active",
  createdAt: "2026-01-01T00:00:00.000Z",
  userId: "user-anna",
  avatarUrl: null,
  isSelf: true,
};
const groceries: Category = {
  id: "9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
  kind: "expense",
  name: "Groceries",
  icon: "shopping-cart",
  color: "green",
  taxRelevant: false,
  healthCare: false,
  archived: false,
  defaultKey: "groceries",
};
// What the dialog reads of the account: the household (its plan) and the person in it.
const account = {
  household: { id: householdId, planName: "pro", billing: "off" },
  member: { id: me.id, role: "owner" },
  profile: { planName: "pro" },
} as unknown as Account;

/** The server: what was posted; the members and categories are already in the cache. */
function stubServer() {
  const posted: Record<string, unknown>[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href =
        typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(href, "http://localhost").pathname;
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      if (path === "/api/transactions" && init?.method === "POST") {
        posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return json({ id: "new" });
      }
      if (path.endsWith("/members")) return json({ members: [me] });
      if (path === "/api/categories") return json({ categories: [groceries] });
      return json({ items: [] });
    }),
  );
  return posted;
}

function renderHost() {
  const posted = stubServer();
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: "en",
    ns: ["common", "entries"],
    defaultNS: "common",
    resources: { en: { common: enCommon, entries: enEntries } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  queryClient.setQueryData(householdQueries.members(householdId).queryKey, [me]);
  queryClient.setQueryData(categoryQueries.list().queryKey, [groceries]);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <EntryDialogHost account={account} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return posted;
}

describe("EntryDialogHost: typing before the form has arrived", () => {
  it(
    "keeps what was typed while the form loads: the amount starts with it, focused, and is saved",
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const posted = renderHost();
      // "n": the dialog opens at once, its form still on the way.
      act(() => openEntryDialog());
      const loading = screen.getByRole("status", { name: "Loading…" });
      expect(loading.getAttribute("aria-busy")).toBe("true");
      expect(screen.queryByLabelText("Amount")).toBeNull();

      // The family types the amount straight away (a slip taken back with Backspace).
      await user.keyboard("12.59{Backspace}0");
      expect(screen.queryByLabelText("Amount")).toBeNull();

      await act(async () => chunk.arrive());
      const amount = await screen.findByLabelText<HTMLInputElement>("Amount", {}, arrival);
      expect(amount.value).toBe("12.50");
      expect(document.activeElement).toBe(amount);
      // The form's state has it: the hint under the field reads it, and it is what is saved.
      expect(screen.getByText("Saves €12.50")).toBeTruthy();
      // Typing on goes after it.
      await user.keyboard("5");
      expect(amount.value).toBe("12.505");
      await user.keyboard("{Backspace}");

      fireEvent.change(screen.getByLabelText("Category"), { target: { value: groceries.id } });
      fireEvent.click(screen.getByRole("button", { name: "Save entry" }));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]).toMatchObject({
        kind: "expense",
        amountCents: 1250,
        categoryId: groceries.id,
        memberId: me.id,
      });
    },
  );

  it("starts the next new entry empty", async () => {
    renderHost();
    act(() => openEntryDialog());
    const amount = await screen.findByLabelText<HTMLInputElement>("Amount", {}, arrival);
    expect(amount.value).toBe("");
    expect(document.activeElement).toBe(amount);
  });
});
