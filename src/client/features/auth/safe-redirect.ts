const probeOrigin = "http://hearth.invalid";

/**
 * Where to go after signing in: `target` when it is a path on this site ("/dashboard/saving"),
 * otherwise `fallback`. Refuses other sites ("https://…", "//evil.example", "/\\evil.example")
 * so a crafted ?redirect= link cannot send someone away after they sign in.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/dashboard"): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\"))
    return fallback;
  try {
    const url = new URL(target, probeOrigin);
    if (url.origin !== probeOrigin) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
