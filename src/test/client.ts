import { randomInt } from "node:crypto";
import type { ErrorBody } from "#shared/errors.ts";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";
import { testBaseUrl, type TestApp } from "#test/test-app.ts";

/** One cookie as the server set it, with its attributes, for the tests that check them. */
export type SetCookie = { name: string; value: string; attributes: Record<string, string | true> };

export function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...rest] = header.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const at = part.indexOf("=");
    const key = (at === -1 ? part : part.slice(0, at)).trim().toLowerCase();
    if (key) attributes[key] = at === -1 ? true : part.slice(at + 1).trim();
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

let lastAddress = 0;
/** A client address no other test in this process uses: its own rate-limit buckets. */
export function uniqueAddress(): string {
  lastAddress += 1;
  return `10.${randomInt(0, 250)}.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** A body sent as it is (a form, text, broken JSON) instead of as JSON; null: no content-type. */
export class RawBody {
  constructor(
    readonly raw: BodyInit,
    readonly contentType: string | null,
  ) {}
}

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Leave the Origin header off (it is BASE_URL by default on state-changing requests). */
  origin?: string | null;
};

/**
 * A browser in miniature: keeps the cookies the app sets (and drops the ones it expires),
 * sends them back, sends Origin = BASE_URL on state-changing requests like a browser on the
 * site would, and comes from its own client address (X-Forwarded-For; the test app trusts it).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  readonly address: string;
  private readonly testApp: () => TestApp;
  private readonly baseHeaders: Record<string, string>;

  constructor(
    testApp: () => TestApp,
    options: { address?: string; headers?: Record<string, string> } = {},
  ) {
    this.testApp = testApp;
    this.address = options.address ?? uniqueAddress();
    this.baseHeaders = options.headers ?? {};
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<Response> {
    const headers = new Headers({
      "x-forwarded-for": this.address,
      ...this.baseHeaders,
      ...options.headers,
    });
    if (this.cookies.size > 0 && !headers.has("cookie")) headers.set("cookie", this.cookieHeader());
    const origin =
      options.origin === undefined ? (method === "GET" ? null : testBaseUrl) : options.origin;
    if (origin !== null) headers.set("origin", origin);
    if (body instanceof RawBody) {
      if (body.contentType !== null) headers.set("content-type", body.contentType);
    } else if (body !== undefined) headers.set("content-type", "application/json");
    const response = await this.testApp().request(path, {
      method,
      headers,
      body:
        body instanceof RawBody ? body.raw : body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
    this.keepCookies(response);
    return response;
  }

  keepCookies(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header);
      const maxAge = cookie.attributes["max-age"];
      if (cookie.value === "" || maxAge === "0") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(path: string, options?: RequestOptions) {
    return this.request("GET", path, undefined, options);
  }

  post(path: string, body?: unknown, options?: RequestOptions) {
    return this.request("POST", path, body ?? {}, options);
  }

  put(path: string, body?: unknown, options?: RequestOptions) {
    return this.request("PUT", path, body ?? {}, options);
  }
}

/** The body of an answer in the one error shape; fails the test when it is not that shape. */
export async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  const body: unknown = await response.json();
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success || parsed.data.error.message === "") {
    throw new Error(
      `Expected the error shape { error: { code, message } }, got ${JSON.stringify(body)}`,
    );
  }
  return parsed.data.error;
}
