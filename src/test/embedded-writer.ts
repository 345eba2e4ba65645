/**
 * A process that starts the embedded database in DATA_DIR (argv[2]) and then writes rows one
 * by one, printing each id once its commit is acknowledged: the SIGKILL tests kill it (and the
 * database) mid-stream and count what survived.
 */
import pg from "pg";
import { startEmbeddedPostgres } from "#server/db/embedded.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: embedded-writer.ts DATA_DIR");
const server = await startEmbeddedPostgres(dataDir);
const client = new pg.Client({ connectionString: server.url });
await client.connect();
await client.query("create table if not exists acknowledged (id integer primary key)");
process.stdout.write("ready\n");
for (let id = 1; ; id++) {
  await client.query("insert into acknowledged (id) values ($1)", [id]);
  process.stdout.write(`${id}\n`);
}
