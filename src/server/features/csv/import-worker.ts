import { parentPort, workerData } from "node:worker_threads";
import { prepareImportHere, type PrepareInput } from "./import-prepare.ts";

/** A worker thread reading one large CSV import (see import-prepare.ts). */
parentPort?.postMessage(prepareImportHere(workerData as PrepareInput));
