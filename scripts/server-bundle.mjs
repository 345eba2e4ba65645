// The server as one plain ES module (decision 044): src/server/index.ts and everything of ours it
// imports, bundled by esbuild into node_modules/.cache/hearth (named by its content); the
// packages are loaded from node_modules as usual. Under tsx, Node compiled about 300 TypeScript
// files on every start (1.2–1.4 s before the first line of Hearth ran, 75 MB of memory for the
// loader and the compiled copies); the bundle is made in about 150 ms and loads in half the time.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Each of our files keeps its own place: `import.meta.dirname`, `.filename` and `.url` are
 * written into it as the source file's, so the paths it makes (the migrations, the built app)
 * are the same as under tsx.
 */
const keepPaths = {
  name: "hearth-keep-paths",
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const contents = source
        .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path))
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
};

/** Bundles the server and answers the bundle's path (written once per content). */
export async function bundleServer(root) {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [join(root, "src/server/index.ts")],
    absWorkingDir: root,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: [keepPaths],
  });
  const code = result.outputFiles[0]?.text;
  if (!code) throw new Error("esbuild wrote no server.");
  const folder = join(root, "node_modules", ".cache", "hearth");
  const hash = createHash("sha256").update(code).digest("hex").slice(0, 16);
  const file = join(folder, `server-${hash}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    // Written beside and renamed: another Hearth starting in this folder never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, code);
    renameSync(partial, file);
  }
  return file;
}

/**
 * Runs the server in this process: the bundle, or where it cannot be made (a read-only
 * node_modules), the TypeScript sources through tsx.
 */
export async function runServer(root) {
  let bundle;
  try {
    bundle = await bundleServer(root);
  } catch (error) {
    console.warn(`The server could not be bundled (${error.message}): running it through tsx.`);
  }
  if (bundle) {
    await import(pathToFileURL(bundle).href);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "src/server/index.ts")).href);
}
