// `npm run dev`: the API server with reload on change (port 3000) and Vite's dev server with hot
// reload (http://localhost:5173, which forwards /api to the server). Ctrl+C stops both.
import { spawn } from "node:child_process";

const env = { ...process.env, NODE_ENV: "development" };
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/index.ts"], {
    stdio: "inherit",
    env,
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], { stdio: "inherit", env }),
];
console.log("Hearth in development: open http://localhost:5173");

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
