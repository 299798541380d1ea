import { Worker } from 'node:worker_threads';
import { IMPORT_LIMITS, ImportFileError } from './import-limits.ts';
import type { SpreadsheetJob, WorkerReply } from './parse-spreadsheet-worker.ts';
import type { FileKind } from './sniff-file.ts';

/**
 * Bounds of one spreadsheet worker. The heap limit is what a workbook within IMPORT_LIMITS
 * needs with room to spare (2,000,000 cells take about 700 MB); a file that needs more, or
 * takes longer, is refused as too large instead of slowing the server.
 */
const HEAP_MB = 1536;
const PARSE_TIMEOUT_MS = 120_000;
/** A reader abandoned without being finished is stopped after this long without a request. */
const IDLE_MS = 10 * 60_000;
/** Workers at once in this process; more wait their turn, so memory stays bounded. */
const MAX_WORKERS = 2;
/** Sheet rows the mapping step reads: the header, and blank rows before ten that are not. */
const PREVIEW_SCAN_ROWS = 1000;

let running = 0;
const waiting: (() => void)[] = [];
async function takeSlot() {
  if (running < MAX_WORKERS) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}
function releaseSlot() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Rows of the first sheet of an xls, xlsx or ods file as text, read in a worker thread so the
 * server keeps answering while a workbook is parsed. `preview` reads only the first rows.
 * Refusals (too large, too many columns, a cell over Excel's length) throw ImportFileError.
 */
export async function openSpreadsheet(file: string, kind: FileKind, preview: boolean): Promise<{ estimate: number; chunks: AsyncGenerator<string[][]> }> {
  await takeSlot();
  const job: SpreadsheetJob = { file, kind, preview, maxRows: preview ? PREVIEW_SCAN_ROWS : IMPORT_LIMITS.spreadsheetRows + 1 };
  const worker = new Worker(new URL('./start-spreadsheet-worker.mjs', import.meta.url), {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
  });
  worker.unref();
  let stopped = false;
  let idle: NodeJS.Timeout | undefined;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearTimeout(idle);
    void worker.terminate();
    releaseSlot();
  };
  /** The worker's next reply; its death (out of memory, a crash) or the time limit is a refusal. */
  const reply = (timeoutMs: number) => new Promise<WorkerReply>((resolve, reject) => {
    const done = (fn: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      fn();
    };
    const onMessage = (m: WorkerReply) => done(() => resolve(m));
    const onError = (err: NodeJS.ErrnoException) =>
      done(() => reject(new ImportFileError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'errors.import.tooLarge' : 'errors.import.unreadable')));
    const onExit = () => done(() => reject(new ImportFileError('errors.import.unreadable')));
    const timer = setTimeout(() => done(() => reject(new ImportFileError('errors.import.tooLarge'))), timeoutMs);
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });

  let first: WorkerReply;
  try {
    first = await reply(PARSE_TIMEOUT_MS);
  } catch (err) {
    stop();
    throw err;
  }
  if (first.type !== 'ready') {
    stop();
    throw new ImportFileError(first.type === 'error' ? first.key : 'errors.import.unreadable');
  }
  idle = setTimeout(stop, IDLE_MS);
  async function* chunks(): AsyncGenerator<string[][]> {
    try {
      for (;;) {
        clearTimeout(idle);
        worker.postMessage('next');
        const m = await reply(PARSE_TIMEOUT_MS);
        if (m.type !== 'rows') return;
        idle = setTimeout(stop, IDLE_MS);
        yield m.rows;
      }
    } finally {
      stop();
    }
  }
  return { estimate: first.estimate, chunks: chunks() };
}
