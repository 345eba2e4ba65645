// The worker thread's entry: loads TypeScript through tsx (as the server itself runs), then reads
// the import (import-worker.ts). Node 20 does not hand the parent's `--import tsx` to workers.
import { register } from "tsx/esm/api";

register();
await import("./import-worker.ts");
