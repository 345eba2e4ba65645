import { describe, expect, it } from "vitest";
import {
  errorCodes,
  errorStatus,
  isErrorCode,
  readErrorBody,
  type ErrorBody,
} from "#shared/errors.ts";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";

describe("the one error shape", () => {
  it("gives every code an HTTP status, and only server trouble a 5xx", () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      const status = errorStatus[code];
      if (code === "INTERNAL" || code === "UNAVAILABLE")
        expect(status, code).toBeGreaterThanOrEqual(500);
      else {
        expect(status, code).toBeGreaterThanOrEqual(400);
        expect(status, code).toBeLessThan(500);
      }
    }
    expect(errorStatus.RATE_LIMITED).toBe(429);
    expect(errorStatus.UNAUTHENTICATED).toBe(401);
    expect(errorStatus.CSRF).toBe(403);
  });

  it("accepts { error: { code, message, fields? } } with a known code only", () => {
    expect(
      errorBodySchema.safeParse({ error: { code: "VALIDATION", message: "m", fields: { a: "b" } } })
        .success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ error: { code: "NOT_FOUND", message: "m" } }).success).toBe(
      true,
    );
    expect(errorBodySchema.safeParse({ error: { code: "TEAPOT", message: "m" } }).success).toBe(
      false,
    );
    expect(errorBodySchema.safeParse({ error: { code: "VALIDATION" } }).success).toBe(false);
    expect(errorBodySchema.safeParse({ message: "m" }).success).toBe(false);
  });

  it("reads the shape without zod exactly as the schema does", () => {
    const samples: unknown[] = [
      { error: { code: "VALIDATION", message: "m", fields: { a: "b" } } },
      { error: { code: "NOT_FOUND", message: "m" } },
      { error: { code: "TEAPOT", message: "m" } },
      { error: { code: "VALIDATION" } },
      { error: "VALIDATION" },
      { message: "m" },
      null,
      "text",
    ];
    for (const sample of samples) {
      const parsed = errorBodySchema.safeParse(sample);
      const read: ErrorBody | null = readErrorBody(sample);
      expect(read, JSON.stringify(sample)).toEqual(parsed.success ? parsed.data : null);
    }
  });

  it("recognises its codes", () => {
    expect(isErrorCode("CSRF")).toBe(true);
    expect(isErrorCode("csrf")).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
