import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  csvCell,
  csvDelimiters,
  escapeFormula,
  exportHeader,
  exportKind,
  toCsv,
} from "./csv-export.ts";
import { parseCsv, parseKind } from "./csv-import.ts";

describe("csv export", () => {
  it("escapes cells a spreadsheet would run as a formula", () => {
    expect(escapeFormula("=SUM(A1:A2)")).toBe("'=SUM(A1:A2)");
    expect(escapeFormula("+cmd")).toBe("'+cmd");
    expect(escapeFormula("-2+3")).toBe("'-2+3");
    expect(escapeFormula("@x")).toBe("'@x");
    expect(escapeFormula("\tx")).toBe("'\tx");
    expect(escapeFormula("\rx")).toBe("'\rx");
    expect(escapeFormula("Albert Heijn")).toBe("Albert Heijn");
    expect(escapeFormula("")).toBe("");
  });

  it("quotes cells holding the delimiter, quotes or line breaks", () => {
    expect(csvCell('say "hi"', ",")).toBe('"say ""hi"""');
    expect(csvCell("a;b", ";")).toBe('"a;b"');
    expect(csvCell("a;b", ",")).toBe("a;b");
    expect(csvCell("two\nlines", ",")).toBe('"two\nlines"');
    expect(csvCell(null, ",")).toBe("");
    expect(csvCell(12, ",")).toBe("12");
    expect(
      toCsv(
        [
          ["a", "b"],
          ["=1", null],
        ],
        { delimiter: "semicolon" },
      ),
    ).toBe("a;b\r\n'=1;\r\n");
    expect(toCsv([["a", "b"]], { delimiter: "tab" })).toBe("a\tb\r\n");
  });

  it("reads back every cell as written, and none starts as a formula (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 2, maxLength: 4 }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.constantFrom("comma" as const, "semicolon" as const, "tab" as const),
        (rows, delimiter) => {
          // Cells that are only spaces or begin a row empty would be skipped as empty lines.
          const cells = rows.map((row) => row.map((cell) => `x${cell}`));
          const read = parseCsv(toCsv(cells, { delimiter }), {
            delimiter: csvDelimiters[delimiter],
          }).records.map((r) => r.cells);
          expect(read).toEqual(cells.map((row) => row.map(escapeFormula)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("names the columns and kinds in both languages, readable by the import", () => {
    expect(exportHeader("en")[0]).toBe("Date");
    expect(exportHeader("nl")[2]).toBe("Bedrag");
    for (const language of ["en", "nl"] as const) {
      expect(parseKind(exportKind("income", language))).toBe("income");
      expect(parseKind(exportKind("expense", language))).toBe("expense");
    }
  });
});
