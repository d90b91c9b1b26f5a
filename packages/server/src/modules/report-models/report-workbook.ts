import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

/** One column of the sheet: the report model's column configs (spec 002 §3 "Report column"). */
export interface SheetColumn {
  name: string;
  /** The designer's width units (25–200): the preview draws 7 px per unit, Excel's character width. */
  width: number;
  background: string;
  font: string;
}

export type SheetCell = string | number;

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** '#RRGGBB' as Excel's ARGB; anything else falls back to the given default. */
function argb(color: string, fallback: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  return `FF${(m?.[1] ?? fallback).toUpperCase()}`;
}

/** Excel refuses sheet names over 31 characters or with []:*?/\. */
export function sheetName(name: string): string {
  const clean = name.replace(/[[\]:*?/\\]/g, ' ').trim();
  return (clean || 'Relatório').slice(0, 31);
}

/** Resolves when `out` can take more, or when the reader went away (then the caller stops). */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/** Sheet XML written but not yet taken by the zip above which the next page waits. */
const ZIP_BACKLOG_BYTES = 256 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How many bytes of sheet XML wait for the zip. exceljs hands each row to the archiver's input
 * without backpressure, and reading SQLite never leaves the event loop (better-sqlite3 is
 * synchronous), so without waiting the whole sheet would pile up there before the compressor
 * (which answers on the thread pool) ran once: 130 MB for 300,000 rows (bench:report). The
 * input's buffered length is read from the stream's state (not part of exceljs's typed API); if
 * that ever changes this answers 0 and only the turn of the loop below remains.
 */
function zipBacklog(sheet: ExcelJS.Worksheet): number {
  const input = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes?.[0] as
    { writableLength?: number; _writableState?: { length?: number } } | undefined;
  return input?.writableLength ?? input?._writableState?.length ?? 0;
}

/** Gives the loop a turn (other requests, the compressor), and more while the zip is behind. */
async function zipCaughtUp(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  await nextTurn();
  while (zipBacklog(sheet) > ZIP_BACKLOG_BYTES && !out.destroyed) await nextTurn();
}

/**
 * An .xlsx written as it is read: exceljs's streaming WorkbookWriter commits each row to the zip
 * as soon as it is added, and the next page is asked for only when the reader has taken what was
 * written (backpressure), so the server holds one page of rows whatever the report's size. Styles
 * are per column (width, fill, font colour); the first row holds the names in bold and stays
 * frozen. Values are written as text or numbers, never as formulas.
 */
export function xlsxStream(
  title: string,
  columns: readonly SheetColumn[],
  pages: AsyncIterable<SheetCell[][]>,
): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      // exceljs is loaded by the first report asked for as a workbook: ~350 ms and ~20 MiB that a
      // server start (and every end-to-end test's) no longer pays (docs/decisions.md, "Start-up").
      const { default: Excel } = await import('exceljs');
      const workbook = new Excel.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      workbook.creator = 'Talkbase';
      const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((c, i) => ({
        key: `c${i}`,
        width: c.width,
        style: {
          fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(c.background, 'FFFFFF') } },
          font: { color: { argb: argb(c.font, '000000') } },
          alignment: { vertical: 'top', wrapText: true },
        },
      }));
      const header = sheet.addRow(columns.map((c) => c.name));
      header.eachCell((cell, i) => {
        const c = columns[i - 1];
        cell.font = { bold: true, color: { argb: argb(c?.font ?? '', '000000') } };
      });
      header.commit();
      for await (const page of pages) {
        if (out.destroyed) return;
        for (const cells of page) sheet.addRow(cells).commit();
        await zipCaughtUp(sheet, out);
        await drained(out);
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}
