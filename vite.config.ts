import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

export default defineConfig({
  plugins: [react(), tailwindcss(), locales()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/dev/mailbox": "http://localhost:3000" },
  },
});
