import { describe, expect, it } from "vitest";
import { tradeInputSchema } from "#shared/schemas/investments.schema.ts";
import {
  decimalForSchema,
  formatDecimalInput,
  parseDecimal,
  takesTooMany,
  tradeInput,
  tradeTotal,
  type TradeFormValues,
} from "./trade-dialog.tsx";

describe("a typed number with decimals", () => {
  it("reads Dutch numbers the Dutch way", () => {
    expect(parseDecimal("12,5", "nl")).toBe(12.5);
    expect(parseDecimal("1.234,567", "nl")).toBe(1234.567);
    expect(parseDecimal("1.234", "nl")).toBe(1234);
    expect(parseDecimal("0,00012345", "nl")).toBe(0.00012345);
    expect(parseDecimal(" 95 ", "nl")).toBe(95);
  });

  it("reads English numbers the English way", () => {
    expect(parseDecimal("12.5", "en")).toBe(12.5);
    expect(parseDecimal("1,234.567", "en")).toBe(1234.567);
    expect(parseDecimal("1,234", "en")).toBe(1234);
    expect(parseDecimal(".5", "en")).toBe(0.5);
  });

  it("takes the other convention's decimal point where it cannot be grouping", () => {
    expect(parseDecimal("0.9234", "nl")).toBe(0.9234);
    expect(parseDecimal("1.5", "nl")).toBe(1.5);
    expect(parseDecimal("1,5", "en")).toBe(1.5);
  });

  it("refuses what is not a number", () => {
    expect(parseDecimal("", "nl")).toBeNull();
    expect(parseDecimal("abc", "en")).toBeNull();
    expect(parseDecimal("1,2,3", "nl")).toBeNull();
    expect(parseDecimal("1.2.3", "en")).toBeNull();
    expect(parseDecimal("12.34,5,6", "nl")).toBeNull();
    expect(parseDecimal("1.2,5", "nl")).toBeNull();
  });

  it("gives the schema undefined when empty and NaN when not a number", () => {
    expect(decimalForSchema("  ", "nl")).toBeUndefined();
    expect(decimalForSchema("x", "nl")).toBeNaN();
    expect(decimalForSchema("2,5", "nl")).toBe(2.5);
  });

  it("writes a number back as it would be typed", () => {
    expect(formatDecimalInput(0.9234, "nl")).toBe("0,9234");
    expect(formatDecimalInput(1234.5, "en")).toBe("1234.5");
  });
});

describe("the live total of a buy or a sell", () => {
  it("adds the fees to a buy and takes them off a sell", () => {
    const trade = { quantity: 10, price: 95.12, fxRate: 1, feesCents: 500 };
    expect(tradeTotal({ kind: "buy", ...trade })).toEqual({
      amountCents: 95_120,
      feesCents: 500,
      totalCents: 95_620,
    });
    expect(tradeTotal({ kind: "sell", ...trade })).toEqual({
      amountCents: 95_120,
      feesCents: 500,
      totalCents: 94_620,
    });
  });

  it("converts at the exchange rate and rounds to whole cents as the server does", () => {
    const total = tradeTotal({
      kind: "buy",
      quantity: 3,
      price: 101.37,
      fxRate: 0.9234,
      feesCents: 0,
    });
    expect(total?.amountCents).toBe(Math.round(3 * 101.37 * 0.9234 * 100));
    expect(total?.totalCents).toBe(28_082);
  });

  it("counts missing fees as none", () => {
    expect(
      tradeTotal({ kind: "buy", quantity: 2, price: 50, fxRate: 1, feesCents: undefined }),
    ).toMatchObject({ totalCents: 10_000 });
  });

  it("has no total while a number is missing or not valid", () => {
    expect(tradeTotal({ kind: "buy", quantity: null, price: 5, fxRate: 1, feesCents: 0 })).toBe(
      null,
    );
    expect(tradeTotal({ kind: "buy", quantity: 1, price: 5, fxRate: 0, feesCents: 0 })).toBe(null);
    expect(
      tradeTotal({ kind: "sell", quantity: 1, price: 5, fxRate: 1, feesCents: Number.NaN }),
    ).toBe(null);
  });
});

describe("the request a trade form makes", () => {
  const blank: TradeFormValues = {
    kind: "buy",
    occurredOn: "2026-03-02",
    quantity: "",
    price: "",
    fxRate: "",
    amount: "",
    fees: "",
    tax: "",
    ratio: "",
    note: "",
  };

  it("sends a Dutch buy of a dollar holding with its rate", () => {
    const input = tradeInput(
      { ...blank, quantity: "1.000", price: "95,12", fxRate: "0,92", fees: "2,50" },
      "nl",
      true,
    );
    expect(input).toMatchObject({ quantity: 1000, price: 95.12, fxRate: 0.92, feesCents: 250 });
    expect(tradeInputSchema.safeParse(input).success).toBe(true);
  });

  it("asks a foreign buy for its rate, and gives a euro buy a rate of 1", () => {
    const foreign = tradeInput({ ...blank, quantity: "1", price: "10" }, "en", true);
    const result = tradeInputSchema.safeParse(foreign);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["fxRate"]);
    expect(tradeInput({ ...blank, quantity: "1", price: "10" }, "en", false).fxRate).toBe(1);
  });

  it("sends only the fields the kind uses", () => {
    const filled = { ...blank, quantity: "5", price: "10", amount: "20,00", tax: "3,00" };
    expect(tradeInput({ ...filled, kind: "dividend" }, "nl", false)).toEqual({
      kind: "dividend",
      occurredOn: "2026-03-02",
      note: "",
      amountCents: 2000,
      taxCents: 300,
    });
    expect(tradeInput({ ...filled, kind: "split", ratio: "0,5" }, "nl", false)).toEqual({
      kind: "split",
      occurredOn: "2026-03-02",
      note: "",
      ratio: 0.5,
    });
  });

  it("lets the schema name a missing field of the kind", () => {
    const result = tradeInputSchema.safeParse(
      tradeInput({ ...blank, kind: "transfer-in", quantity: "4" }, "en", false),
    );
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["amountCents", "amountRequired"],
    ]);
  });
});

describe("takesTooMany", () => {
  const holding = {
    id: "h",
    name: "ETF",
    symbol: null,
    currency: "EUR",
    quantity: 10,
    latestPrice: null,
    trades: [{ occurredOn: "2026-05-01" }],
  };
  const sell = { kind: "sell" as const, occurredOn: "2026-06-01", quantity: 11, price: 1 };

  it("refuses a sell after the newest trade of more units than are held", () => {
    expect(takesTooMany(sell, holding)).toBe(true);
    expect(takesTooMany({ ...sell, quantity: 10 }, holding)).toBe(false);
    expect(takesTooMany({ ...sell, kind: "transfer-out" }, holding)).toBe(true);
  });

  it("leaves earlier dates and buys to the server", () => {
    expect(takesTooMany({ ...sell, occurredOn: "2026-04-01" }, holding)).toBe(false);
    expect(takesTooMany({ ...sell, kind: "buy" }, holding)).toBe(false);
  });
});
