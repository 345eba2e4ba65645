import { parentPort, workerData } from "node:worker_threads";
import { prepareImportHere, type PrepareInput } from "./import-prepare.ts";
import { packPrepared } from "./import-transfer.ts";

/** A worker thread reading one large import (see import-prepare.ts); answers in columns. */
const { packed, transfer } = packPrepared(prepareImportHere(workerData as PrepareInput));
parentPort?.postMessage(packed, transfer);
