/**
 * The bench's floor: Hono's hello world on @hono/node-server, as its own process, on
 * 127.0.0.1 and the port in PORT. Measured the same way as Hearth, in the same run.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/", (c) => c.text("Hello Hono!"));

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
process.on("SIGTERM", () => server.close(() => process.exit(0)));
