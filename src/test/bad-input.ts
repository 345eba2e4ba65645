import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { RawBody } from "#test/client.ts";
import type { MatrixRequest } from "#test/route-matrix.ts";

/**
 * Bad input, generated: a valid request of a route, corrupted in one or more places. Every
 * generated request carries at least one corruption that no route may accept ("bad"); it may
 * carry more that are only sometimes wrong (an unknown extra field, -0, an optional field left
 * out), to see that they do not change the verdict.
 */
export type CorruptionKind =
  | "wrong-type"
  | "control-character"
  | "huge-string"
  | "extreme-number"
  | "bad-date"
  | "null"
  | "missing"
  | "too-many"
  | "extra-field"
  | "negative-zero"
  | "not-json"
  | "not-an-object"
  | "bad-path-id"
  | "bad-query";

export type Corruption = {
  /** Where: a dotted body path ("shares.0.memberId"), "body", "path:id" or "query:member". */
  at: string;
  kind: CorruptionKind;
  /** True when no route may accept it (the request as a whole must then be refused). */
  bad: boolean;
  /** What was put there, shortened for a report. */
  what: string;
};

export type BadRequest = {
  url: string;
  body: unknown;
  corruptions: Corruption[];
};

type Path = (string | number)[];

/** The dotted name of a path, with array positions as numbers ("shares.0.memberId"). */
export const dotted = (path: Path) => path.join(".");

function short(value: unknown): string {
  if (value === undefined) return "(left out)";
  if (typeof value === "string") {
    const escaped = JSON.stringify(value);
    return value.length > 60 ? `${escaped.slice(0, 40)}…" (${value.length} characters)` : escaped;
  }
  if (typeof value === "number" && Object.is(value, -0)) return "-0";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}… (${text.length} characters)` : text;
}

export function describeBadRequest(request: BadRequest): string {
  return request.corruptions
    .map((c) => `${c.at} ${c.kind}${c.bad ? "" : " (extra)"}: ${c.what}`)
    .join("; ");
}

/** Every place in a JSON value: object fields and the first item of each array, deepest last. */
function placesOf(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const out: { path: Path; value: unknown }[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) {
      out.push({ path: [...path, 0], value: value[0] });
      out.push(...placesOf(value[0], [...path, 0]).slice(1));
    }
  } else if (typeof value === "object" && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      out.push({ path: [...path, key], value: child });
      out.push(...placesOf(child, [...path, key]).slice(1));
    }
  }
  return path.length === 0 ? out : [{ path, value }, ...out];
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Text with a character no request may carry, somewhere in it. */
const controlCharacters = ["\u0000", "\u0007", "\u001b", "\u007f", "\ud800", "\udfff", "\u0008"];
const withControl = (base: string) =>
  fc
    .tuple(fc.constantFrom(...controlCharacters), fc.nat({ max: Math.max(base.length, 1) }))
    .map(([char, at]) => `${base.slice(0, at)}${char}${base.slice(at)}`);

/** From 10 thousand to 3 million characters (the larger ones rarer). */
const hugeString = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 10_000, max: 200_000 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000_000, max: 3_000_000 }) },
  )
  .chain((length) =>
    fc
      .constantFrom("x", "é", "Ab1 ", "💰")
      .map((unit) => unit.repeat(Math.ceil(length / unit.length))),
  );

const badDates = [
  "0000-01-01",
  "9999-12-31",
  "2024-02-30",
  "1000-01-01",
  "2024-13-01",
  "2024-00-10",
  "10000-01-01",
  "-2024-01-01",
  "2024-1-1",
  "2024-02-29T25:00:00Z",
  "",
];
const extremeNumbers = [1e308, -1e308, 2 ** 53 + 1, -(2 ** 53) - 1, 12.5, 0.000001, -1];
/** Extreme for a count or an amount in cents, a fine value for units, a price or a rate. */
const fractions = [12.5, 0.000001];
const numberLikeStrings = ["12", "NaN", "Infinity", "-Infinity", "1e400", "-0", "0x10", ""];
const otherShapes = fc.constantFrom<unknown>([], [1, 2], {}, { nested: { deeper: [null] } });

type Replacement =
  | { value: unknown; kind: CorruptionKind; bad: boolean }
  | { remove: true; kind: "missing"; bad: boolean };

/** Values that are wrong for a place whose valid value is `valid`, each marked bad or not. */
function replacementsFor(
  valid: unknown,
  optional: boolean,
  fractional = false,
): { bad: boolean; arbitrary: fc.Arbitrary<Replacement> }[] {
  const set = (kind: CorruptionKind, arbitrary: fc.Arbitrary<unknown>, bad = true) => ({
    bad,
    arbitrary: arbitrary.map((value): Replacement => ({ value, kind, bad })),
  });
  const out = [
    set("null", fc.constant(null), !optional),
    {
      bad: !optional,
      arbitrary: fc.constant<Replacement>({ remove: true, kind: "missing", bad: !optional }),
    },
  ];
  if (typeof valid === "string") {
    out.push(
      set("wrong-type", fc.oneof(fc.integer(), fc.double(), fc.boolean(), otherShapes)),
      set("control-character", withControl(valid)),
      set("huge-string", hugeString),
    );
    if (isoDate.test(valid)) out.push(set("bad-date", fc.constantFrom(...badDates)));
  } else if (typeof valid === "number") {
    out.push(
      set("wrong-type", fc.oneof(fc.constantFrom(...numberLikeStrings), fc.boolean(), otherShapes)),
      set(
        "extreme-number",
        fc.constantFrom(
          ...(fractional ? extremeNumbers.filter((n) => !fractions.includes(n)) : extremeNumbers),
        ),
      ),
      set("negative-zero", fc.constant(-0), false),
    );
    if (fractional) out.push(set("extreme-number", fc.constantFrom(...fractions), false));
  } else if (typeof valid === "boolean") {
    out.push(set("wrong-type", fc.oneof(fc.constantFrom("true", "false", 1, 0, ""), otherShapes)));
  } else if (Array.isArray(valid)) {
    out.push(
      set("wrong-type", fc.oneof(fc.string(), fc.integer(), fc.constant({}))),
      set(
        "too-many",
        fc
          .integer({ min: 1_001, max: 20_000 })
          .map((n) => Array.from({ length: n }, () => valid[0] ?? null)),
      ),
    );
  } else if (typeof valid === "object" && valid !== null) {
    out.push(set("wrong-type", fc.oneof(fc.string(), fc.integer(), fc.constant([]))));
  } else {
    // The valid value is null: only what no nullable field takes is surely wrong.
    out.push(
      set("wrong-type", fc.constantFrom<unknown>([], {}, [null])),
      set("control-character", withControl("x")),
      set("huge-string", hugeString),
    );
  }
  return out;
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function applyAt(body: unknown, path: Path, replacement: Replacement): unknown {
  const copy = clone(body);
  const parentPath = path.slice(0, -1);
  const last = path[path.length - 1];
  let parent: unknown = copy;
  for (const step of parentPath) {
    parent = (parent as Record<string | number, unknown>)[step];
  }
  if (typeof parent !== "object" || parent === null || last === undefined) return copy;
  const target = parent as Record<string | number, unknown>;
  if ("remove" in replacement) {
    if (Array.isArray(target) && typeof last === "number") target.splice(last, 1);
    else Reflect.deleteProperty(target, last);
  } else {
    target[last] = replacement.value;
  }
  return copy;
}

/** JSON text, with -0 kept as -0 (JSON.stringify writes it as 0). */
function jsonText(value: unknown): string {
  const marker = `"__negative_zero_${randomUUID()}__"`;
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "number" && Object.is(v, -0) ? JSON.parse(marker) : v,
  ).replaceAll(marker, "-0");
}

const extraFields = fc.constantFrom<[string, unknown]>(
  ["unknownField", "x"],
  ["householdId", randomUUID()],
  ["userId", "someone-else"],
  ["role", "owner"],
  ["isAdmin", true],
  ["emailVerified", true],
  ["__proto__", { isAdmin: true }],
  ["constructor", { prototype: { isAdmin: true } }],
);

/** One corruption of a JSON body: bad when `mustBeBad`, any when not. */
function bodyCorruption(
  body: Record<string, unknown>,
  optional: ReadonlySet<string>,
  mustBeBad: boolean,
  fractional: ReadonlySet<string> = new Set(),
): fc.Arbitrary<{ apply: (b: unknown) => unknown; corruption: Corruption }> {
  const places = placesOf(body);
  const choices: fc.Arbitrary<{ apply: (b: unknown) => unknown; corruption: Corruption }>[] = [];
  for (const place of places) {
    const at = dotted(place.path);
    const field = at.replace(/\.\d+(?=\.|$)/g, "");
    const replacements = replacementsFor(place.value, optional.has(field), fractional.has(field))
      .filter((choice) => !mustBeBad || choice.bad)
      .map(({ arbitrary }) =>
        arbitrary.map((replacement) => ({
          apply: (b: unknown) => applyAt(b, place.path, replacement),
          corruption: {
            at,
            kind: replacement.kind,
            bad: replacement.bad,
            what: "remove" in replacement ? "(left out)" : short(replacement.value),
          },
        })),
      );
    choices.push(...replacements);
  }
  if (!mustBeBad) {
    choices.push(
      extraFields.map(([key, value]) => ({
        apply: (b: unknown) =>
          typeof b === "object" && b !== null && !Array.isArray(b)
            ? JSON.parse(
                `{${JSON.stringify(key)}:${JSON.stringify(value)}${jsonText(b) === "{}" ? "}" : `,${jsonText(b).slice(1)}`}`,
              )
            : b,
        corruption: { at: key, kind: "extra-field" as const, bad: false, what: short(value) },
      })),
    );
  }
  return fc.oneof(...choices);
}

/** A whole body that is not the JSON object the route reads. */
function wholeBodyCorruption(
  body: unknown,
): fc.Arbitrary<{ body: unknown; corruption: Corruption }> {
  const valid = jsonText(body);
  const raw = (text: string, type: string | null, what: string, kind: CorruptionKind) => ({
    body: new RawBody(text, type),
    corruption: { at: "body", kind, bad: true, what },
  });
  return fc.oneof(
    fc.constant(raw(valid, "text/plain", "the JSON as text/plain", "not-json")),
    fc.constant(raw(valid, null, "no content-type", "not-json")),
    fc.constant(
      raw(
        new URLSearchParams({ a: "1" }).toString(),
        "application/x-www-form-urlencoded",
        "a form",
        "not-json",
      ),
    ),
    fc
      .nat({ max: Math.max(valid.length - 1, 0) })
      .map((cut) =>
        raw(
          valid.slice(0, cut),
          "application/json",
          `JSON cut after ${cut} characters`,
          "not-json",
        ),
      ),
    fc
      .constantFrom(
        `${valid}}`,
        `${valid} trailing`,
        "{'single': 'quotes'}",
        '{"a":}',
        "NaN",
        "\u0000",
      )
      .map((text) => raw(text, "application/json", short(text), "not-json")),
    fc
      .constantFrom<unknown>(null, [], [body], "text", 42, true)
      .map((value) =>
        raw(JSON.stringify(value), "application/json", short(value), "not-an-object"),
      ),
  );
}

/** A file upload that is not the image the route takes, or no file upload at all. */
function formCorruption(): fc.Arbitrary<{ body: unknown; corruption: Corruption }> {
  const form = (build: (data: FormData) => void, what: string) => {
    const data = new FormData();
    build(data);
    return {
      body: new RawBody(data, null),
      corruption: { at: "body", kind: "wrong-type" as const, bad: true, what },
    };
  };
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const file = (bytes: Uint8Array, name: string, type: string) =>
    new File([new Uint8Array(bytes)], name, { type });
  return fc.oneof(
    fc.constant(null).map(() => form(() => undefined, "a form without a file")),
    fc
      .constant(null)
      .map(() => form((d) => d.append("file", "just text"), "text in the file field")),
    fc
      .constant(null)
      .map(() =>
        form(
          (d) => d.append("other", file(new Uint8Array(png), "a.png", "image/png")),
          "the image under another name",
        ),
      ),
    fc
      .constantFrom("GIF89a\u0001", "<svg onload=alert(1)>", "%PDF-1.4", "")
      .map((start) =>
        form(
          (d) => d.append("file", file(new TextEncoder().encode(start), "a.png", "image/png")),
          `a file starting ${short(start)}`,
        ),
      ),
    fc.integer({ min: 2 * 1024 * 1024 + 1, max: 3 * 1024 * 1024 }).map((size) => {
      const bytes = new Uint8Array(size);
      bytes.set(png);
      return form(
        (d) => d.append("file", file(bytes, "big.png", "image/png")),
        `a PNG of ${size} bytes`,
      );
    }),
    fc
      .constantFrom<[string, string | null]>(
        ['{"file":"x"}', "application/json"],
        ["file=x", "application/x-www-form-urlencoded"],
        ["just text", "text/plain"],
        ["--broken\r\n", "multipart/form-data; boundary=broken"],
      )
      .map(([text, type]) => ({
        body: new RawBody(text, type),
        corruption: {
          at: "body",
          kind: "not-json" as const,
          bad: true,
          what: `${short(text)} as ${type ?? "nothing"}`,
        },
      })),
  );
}

/** Ids that point at nothing, or are not ids at all, for a path parameter. */
const badIds = fc.oneof(
  fc.constantFrom(
    "not-a-uuid",
    "%00",
    "%ZZ",
    "%E0%A4%A",
    "..",
    "%2e%2e%2f%2e%2e",
    "-1",
    "0",
    "null",
    "undefined",
    "%C3%BC",
    "1%20or%201%3D1",
    "'%3B%20drop%20table%20transactions%3B%20--",
    encodeURIComponent("a\u0007b"),
  ),
  fc.constant(null).map(() => randomUUID()),
  fc.integer({ min: 300, max: 20_000 }).map((n) => "x".repeat(n)),
);

/** The index of each path parameter in a route pattern ("/api/x/:id" → { 3: "id" }). */
function parameterSegments(pattern: string): Map<number, string> {
  const out = new Map<number, string>();
  pattern.split("/").forEach((segment, index) => {
    if (segment.startsWith(":")) out.set(index, segment.slice(1));
  });
  return out;
}

function pathCorruption(
  pattern: string,
  path: string,
): fc.Arbitrary<{ path: string; corruption: Corruption }> | undefined {
  const params = parameterSegments(pattern);
  if (params.size === 0) return undefined;
  const segments = path.split("/");
  return fc.tuple(fc.constantFrom(...params.keys()), badIds).map(([index, id]) => {
    const copy = [...segments];
    copy[index] = id;
    return {
      path: copy.join("/"),
      corruption: {
        at: `path:${params.get(index) ?? "?"}`,
        kind: "bad-path-id" as const,
        bad: true,
        what: short(id),
      },
    };
  });
}

/** encodeURIComponent, with a lone surrogate written as the bytes a client would send for it. */
const enc = (value: string): string =>
  [...value]
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        return "%ED%A0%80";
      }
    })
    .join("");

/** One corrupted query: a value with a control character, huge, a bad date, or other shapes. */
function queryCorruption(
  query: Record<string, string>,
  onlyBad: boolean,
): fc.Arbitrary<{ pieces: string[]; corruption: Corruption }> {
  const keys = Object.keys(query);
  const encoded = (skip?: string) =>
    keys.filter((key) => key !== skip).map((key) => `${enc(key)}=${enc(query[key] ?? "")}`);
  const bad = (key: string, kind: CorruptionKind, piece: string, what: string, isBad = true) => ({
    pieces: [...encoded(key), piece],
    corruption: { at: `query:${key}`, kind, bad: isBad, what },
  });
  const perKey = keys.map((key) => {
    const bads = [
      withControl(query[key] ?? "").map((v) =>
        bad(key, "control-character", `${enc(key)}=${enc(v)}`, short(v)),
      ),
      fc
        .constantFrom("%00", "%07", "%ED%A0%80")
        .map((v) => bad(key, "control-character", `${enc(key)}=a${v}b`, v)),
      fc
        .integer({ min: 10_000, max: 100_000 })
        .map((n) => bad(key, "huge-string", `${enc(key)}=${"q".repeat(n)}`, `${n} characters`)),
    ];
    const maybes = [
      fc
        .constantFrom(...badDates, "1e308", "-1", "NaN", "[]", "{}")
        .map((v) => bad(key, "bad-query", `${enc(key)}=${enc(v)}`, short(v), false)),
      fc.constant(bad(key, "bad-query", `${enc(key)}=%ZZ`, "%ZZ", false)),
      fc.constant(bad(key, "bad-query", `${enc(key)}=1&${enc(key)}=2`, "given twice", false)),
      fc.constant(bad(key, "bad-query", `${enc(key)}[]=1`, `${key}[]`, false)),
      fc.constant({
        pieces: encoded(key),
        corruption: {
          at: `query:${key}`,
          kind: "missing" as const,
          bad: false,
          what: "(left out)",
        },
      }),
    ];
    return fc.oneof(...bads, ...(onlyBad ? [] : maybes));
  });
  return fc.oneof(...perKey);
}

/**
 * Corrupted requests of a route: at least one bad corruption each, of the body (a field or the
 * whole body), a path parameter or the query, plus up to two other corruptions.
 */
export function badRequests(options: {
  pattern: string;
  valid: MatrixRequest;
  optional: readonly string[];
  /** Number fields where any fraction is valid (see BadInputSpec.fractional). */
  fractional?: readonly string[];
}): fc.Arbitrary<BadRequest> {
  const { pattern, valid } = options;
  const optional = new Set(options.optional);
  const fractional = new Set(options.fractional ?? []);
  const query = Object.fromEntries(
    Object.entries(valid.query ?? {}).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const hasQuery = Object.keys(query).length > 0;
  const jsonBody =
    typeof valid.body === "object" &&
    valid.body !== null &&
    !(valid.body instanceof RawBody) &&
    !Array.isArray(valid.body) &&
    Object.keys(valid.body).length > 0
      ? (valid.body as Record<string, unknown>)
      : undefined;
  const pathArb = pathCorruption(pattern, valid.path);

  type Step = {
    path?: string;
    pieces?: string[];
    body?: unknown;
    apply?: (b: unknown) => unknown;
    corruption: Corruption;
  };
  const firsts: fc.Arbitrary<Step>[] = [];
  if (jsonBody) {
    firsts.push(bodyCorruption(jsonBody, optional, true, fractional));
    firsts.push(wholeBodyCorruption(jsonBody));
  }
  if (valid.body instanceof RawBody && valid.body.raw instanceof FormData)
    firsts.push(formCorruption());
  if (pathArb) firsts.push(pathArb);
  if (hasQuery) firsts.push(queryCorruption(query, true));
  if (firsts.length === 0) {
    throw new Error(
      `${pattern}: the valid request has no body, query or path parameter to corrupt.`,
    );
  }
  const extras: fc.Arbitrary<Step>[] = [];
  if (jsonBody) extras.push(bodyCorruption(jsonBody, optional, false, fractional));
  if (hasQuery) extras.push(queryCorruption(query, false));

  return fc
    .tuple(
      fc.oneof(...firsts),
      extras.length > 0 ? fc.array(fc.oneof(...extras), { maxLength: 2 }) : fc.constant([]),
    )
    .map(([first, more]) => {
      let path = first.path ?? valid.path;
      let pieces: string[] | undefined = first.pieces;
      let body: unknown = first.body ?? (first.apply ? first.apply(valid.body) : valid.body);
      const corruptions = [first.corruption];
      // A further corruption never touches the place of an earlier one (leaving out a field
      // made bad would make the request good again).
      const overlaps = (a: string, b: string) =>
        a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`) || a === "body" || b === "body";
      for (const step of more) {
        if (corruptions.some((done) => overlaps(done.at, step.corruption.at))) continue;
        if (step.apply && !(body instanceof RawBody)) {
          body = step.apply(body);
          corruptions.push(step.corruption);
        } else if (step.pieces && !pieces) {
          pieces = step.pieces;
          corruptions.push(step.corruption);
        }
      }
      path = path || "/";
      const queryText = pieces ? pieces.join("&") : new URLSearchParams(query).toString();
      const url = queryText ? `${path}?${queryText}` : path;
      const finalBody =
        body instanceof RawBody || body === undefined
          ? body
          : new RawBody(jsonText(body), "application/json");
      return { url, body: finalBody, corruptions };
    });
}

/** Requests per route (BAD_INPUT_RUNS, at least 200 by default). */
export const badInputRuns = Number(process.env.BAD_INPUT_RUNS ?? 200);
/** The base of every route's seed (BAD_INPUT_SEED changes them all). */
export const badInputSeed = Number(process.env.BAD_INPUT_SEED ?? 20_261_124);
