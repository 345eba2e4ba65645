/**
 * Just enough MIME to read the mails Hearth sends (nodemailer's output): headers with encoded
 * words, multipart bodies, quoted-printable and base64 parts. Not a general mail parser.
 */
export type MimePart = {
  headers: Map<string, string>;
  contentType: string;
  /** The decoded body of a leaf part ("" for a multipart). */
  body: string;
  parts: MimePart[];
};

export type ParsedMail = {
  to: string;
  from: string;
  subject: string;
  /** The text/plain part, decoded (undefined when the mail has none). */
  text: string | undefined;
  html: string | undefined;
  raw: string;
};

function decoderFor(charset: string | undefined): TextDecoder {
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

/** Quoted-printable: soft line breaks ("=" at a line end) are removed, =XX become bytes. */
export function decodeQuotedPrintable(input: string, charset?: string): string {
  const joined = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i];
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? "", "utf8"));
    }
  }
  return decoderFor(charset).decode(Uint8Array.from(bytes));
}

/** RFC 2047 encoded words in a header: =?utf-8?Q?...?= and =?utf-8?B?...?=. */
export function decodeHeaderValue(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_all, charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === "B"
          ? decoderFor(charset).decode(Buffer.from(text, "base64"))
          : decodeQuotedPrintable(text.replaceAll("_", " "), charset),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  const unfolded = block.replace(/\r?\n[ \t]+/g, " ");
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeHeaderValue(line.slice(colon + 1).trim());
    headers.set(name, headers.has(name) ? `${headers.get(name) ?? ""}, ${value}` : value);
  }
  return headers;
}

function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(header);
  return match ? (match[1] ?? match[2]) : undefined;
}

export function parseMimePart(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split ? raw.slice(0, split.index) : raw;
  const bodyBlock = split ? raw.slice(split.index + split[0].length) : "";
  const headers = parseHeaders(headerBlock);
  const contentTypeHeader = headers.get("content-type") ?? "text/plain; charset=us-ascii";
  const contentType = (contentTypeHeader.split(";")[0] ?? "").trim().toLowerCase();

  if (contentType.startsWith("multipart/")) {
    const boundary = parameter(contentTypeHeader, "boundary");
    if (!boundary) return { headers, contentType, body: "", parts: [] };
    const parts: MimePart[] = [];
    const sections = bodyBlock.split(`--${boundary}`);
    // sections[0] is the preamble; the section after the closing "--boundary--" starts with "--".
    for (const section of sections.slice(1)) {
      if (section.startsWith("--")) break;
      parts.push(parseMimePart(section.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
    }
    return { headers, contentType, body: "", parts };
  }

  const charset = parameter(contentTypeHeader, "charset");
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const body =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(bodyBlock, charset)
      : encoding === "base64"
        ? decoderFor(charset).decode(Buffer.from(bodyBlock.replace(/\s+/g, ""), "base64"))
        : bodyBlock;
  return { headers, contentType, body, parts: [] };
}

function findPart(part: MimePart, type: string): MimePart | undefined {
  if (part.contentType === type) return part;
  for (const child of part.parts) {
    const found = findPart(child, type);
    if (found) return found;
  }
  return undefined;
}

export function parseMail(raw: string): ParsedMail {
  const root = parseMimePart(raw);
  return {
    to: root.headers.get("to") ?? "",
    from: root.headers.get("from") ?? "",
    subject: root.headers.get("subject") ?? "",
    text: findPart(root, "text/plain")?.body,
    html: findPart(root, "text/html")?.body,
    raw,
  };
}

/** Every http(s) link in a text, in order. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
