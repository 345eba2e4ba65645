// `npm start`: builds the web app when the build is missing or older than its sources, then
// bundles the server and runs it (API + built app) in this process. Settings come from the
// environment.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const sources = [
  "src/client",
  "src/shared",
  "public",
  "index.html",
  "landing.html",
  "vite.config.ts",
  "package-lock.json",
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = newestMtime(join(root, "dist/index.html"));
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt === 0 || changedAt > builtAt) {
  console.log(
    builtAt === 0
      ? "Building the web app (first start)…"
      : "Sources changed: rebuilding the web app…",
  );
  const { build } = await import("vite");
  await build({ root, logLevel: "warn" });
}

// The server bundled into one module (decision 044), as `npm run serve` runs it.
const { runServer } = await import("./server-bundle.mjs");
await runServer(root);
