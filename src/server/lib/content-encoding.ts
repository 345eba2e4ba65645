/** The compressions Hearth sends, in its order of preference: brotli, then gzip. */
export type ContentEncoding = "br" | "gzip";

const preference: readonly ContentEncoding[] = ["br", "gzip"];

/**
 * The encoding to answer with for an `Accept-Encoding` header: the offered one with the highest
 * q-value (brotli first on a tie), undefined for identity. `q=0` refuses an encoding, and `*`
 * stands for every encoding the header does not name.
 */
export function chooseEncoding(
  header: string | null | undefined,
  offered: readonly ContentEncoding[] = preference,
): ContentEncoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith("q="));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: { encoding: ContentEncoding; q: number } | undefined;
  for (const encoding of preference) {
    if (!offered.includes(encoding)) continue;
    const value = q.get(encoding) ?? q.get("*") ?? 0;
    if (value > 0 && (!best || value > best.q)) best = { encoding, q: value };
  }
  return best?.encoding;
}

/** Adds Accept-Encoding to a Vary header's value (kept as it is when already there or `*`). */
export function varyOnAcceptEncoding(current: string | null): string {
  if (!current) return "Accept-Encoding";
  if (current.trim() === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
