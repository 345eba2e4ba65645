import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  formatDateField,
  isIsoDate,
  monthRange,
  parseDateField,
  today,
} from "./dates.ts";

describe("isIsoDate", () => {
  it.each(["2026-11-22", "2024-02-29", "2000-01-01"])("accepts %s", (value) => {
    expect(isIsoDate(value)).toBe(true);
  });
  it.each(["2026-02-29", "2026-13-01", "2026-1-01", "22-11-2026", "", 20261122])(
    "refuses %s",
    (value) => {
      expect(isIsoDate(value)).toBe(false);
    },
  );
  it("gives today as a calendar date", () => {
    expect(isIsoDate(today("Europe/Amsterdam"))).toBe(true);
  });
});

describe("months", () => {
  it("steps across year boundaries", () => {
    expect(addMonths("2026-01", -1)).toBe("2025-12");
    expect(addMonths("2025-12", 1)).toBe("2026-01");
    expect(addMonths("2026-03", -14)).toBe("2025-01");
    expect(addMonths("2026-11", 0)).toBe("2026-11");
  });

  it("gives a month's first and last day, leap years included", () => {
    expect(monthRange("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(monthRange("2026-04")).toEqual({ from: "2026-04-01", to: "2026-04-30" });
  });
});

describe("date fields in Hearth's language", () => {
  it("show a date day first: dd-mm-jjjj in Dutch, dd/mm/yyyy in English", () => {
    expect(formatDateField("2026-03-07", "nl")).toBe("07-03-2026");
    expect(formatDateField("2026-03-07", "en")).toBe("07/03/2026");
    expect(formatDateField("", "nl")).toBe("");
    expect(formatDateField("7-3", "en")).toBe("7-3");
  });
  it.each([
    ["07-03-2026", "2026-03-07"],
    ["07/03/2026", "2026-03-07"],
    ["7.3.2026", "2026-03-07"],
    ["07032026", "2026-03-07"],
    ["2026-03-07", "2026-03-07"],
    [" 29-02-2024 ", "2024-02-29"],
  ])("read %s as %s", (text, iso) => {
    expect(parseDateField(text)).toBe(iso);
  });
  it.each([
    "",
    "07-03",
    "07-03-26",
    "0703",
    "31-04-2026",
    "29-02-2026",
    "07-13-2026",
    "abc",
    "123-1-2026",
  ])("refuse %s while typing", (text) => {
    expect(parseDateField(text)).toBeNull();
  });
  it("complete a short date when the field is left: this century, the reference's year", () => {
    const reference = "2026-11-27";
    expect(parseDateField("07-03-26", { complete: false, reference })).toBe("2026-03-07");
    expect(parseDateField("070326", { complete: false, reference })).toBe("2026-03-07");
    expect(parseDateField("7-3", { complete: false, reference })).toBe("2026-03-07");
    expect(parseDateField("0703", { complete: false, reference })).toBe("2026-03-07");
    expect(parseDateField("7", { complete: false, reference })).toBeNull();
  });
  it("read back what they show, every day of a leap year in both languages", () => {
    for (let day = 0; day < 366; day++) {
      const iso = addDays("2024-01-01", day);
      for (const language of ["en", "nl"] as const) {
        expect(parseDateField(formatDateField(iso, language))).toBe(iso);
      }
    }
  });
});
