import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

const localesDir = join(import.meta.dirname, "src/client/locales");

/**
 * Serves src/client/locales at /locales/{lng}/{ns}.json in development and copies the files
 * into the build, so i18next-http-backend loads one language at a time.
 */
function locales(): Plugin {
  return {
    name: "hearth-locales",
    configureServer(server) {
      server.middlewares.use("/locales", (req, res, next) => {
        const match = /^\/([a-z]{2})\/([a-z-]+)\.json$/.exec(req.url ?? "");
        if (!match) return next();
        try {
          const body = readFileSync(join(localesDir, match[1] ?? "", `${match[2] ?? ""}.json`));
          res.setHeader("Content-Type", "application/json");
          res.end(body);
        } catch {
          res.statusCode = 404;
          res.end("{}");
        }
      });
    },
    generateBundle() {
      for (const lng of readdirSync(localesDir)) {
        for (const file of readdirSync(join(localesDir, lng))) {
          this.emitFile({
            type: "asset",
            fileName: `locales/${lng}/${file}`,
            source: readFileSync(join(localesDir, lng, file)),
          });
        }
      }
    },
  };
}

/**
 * After the build, writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside
 * every text file of 1 KB or more in dist/, kept only when smaller; the server sends the one the
 * browser accepts (src/server/lib/static-files.ts). Made here, once, so no request pays for it.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  const compressible = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
  let outDir = "dist";
  const filesIn = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? filesIn(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return {
    name: "hearth-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesIn(outDir).filter(
        (file) => compressible.test(file) && statSync(file).size >= 1024,
      );
      await Promise.all(
        files.map(async (file) => {
          const body = readFileSync(file);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            }),
            gzipAsync(body, { level: 9 }),
          ]);
          if (br.byteLength < body.byteLength) writeFileSync(`${file}.br`, br);
          if (gz.byteLength < body.byteLength) writeFileSync(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * After the app's build, builds the landing page's server renderer (src/client/landing/render.tsx)
 * for Node into dist-ssr/landing.js, which the server imports to answer `/` (decision 040).
 */
function landingRenderer(): Plugin {
  let root = import.meta.dirname;
  let ssr = false;
  return {
    name: "hearth-landing-renderer",
    apply: "build",
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      const { build } = await import("vite");
      await build({
        configFile: false,
        root,
        logLevel: "warn",
        plugins: [react()],
        publicDir: false,
        // Bundled, so only what the page shows is in it: Node would load lucide-react's every
        // icon (its CommonJS build) and every Radix primitive, 45 MB of the server's memory.
        ssr: { noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//] },
        build: {
          ssr: "src/client/landing/render.tsx",
          outDir: "dist-ssr",
          emptyOutDir: true,
          rolldownOptions: { output: { entryFileNames: "landing.js" } },
        },
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), locales(), precompress(), landingRenderer()],
  build: {
    outDir: "dist",
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The app (every page), and the landing page's shell that the server fills in.
    rolldownOptions: {
      input: {
        index: resolve(import.meta.dirname, "index.html"),
        landing: resolve(import.meta.dirname, "landing.html"),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/dev/mailbox": "http://localhost:3000" },
  },
});
