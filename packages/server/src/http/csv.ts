import { stringify, type Options } from 'csv-stringify/sync';
import { neutralizeCell } from '@talkbase/domain/csv/csv-safety';

/** pt-BR CSV: Excel in Portuguese opens `;`-separated files as they are. */
export const CSV_DELIMITER = ';';

/**
 * How the server writes every CSV. `quote_record_delimiter`: csv-stringify quotes a field holding a
 * line break only when it holds the whole record delimiter once one is given, so a lone `\r` or
 * `\n` went out unquoted and started a forged row in csv-parse, Excel and LibreOffice alike; with
 * it, any field holding `\r` or `\n` is quoted. Every text cell goes through `neutralizeCell` (the
 * CSV-injection guard, domain csv/csv-safety.ts).
 */
const OPTIONS: Options = {
  delimiter: CSV_DELIMITER,
  record_delimiter: '\r\n',
  quote_record_delimiter: true,
  cast: { string: (value) => neutralizeCell(value) },
};

/** Rows of text cells as CSV lines, each ended by CRLF. */
export function writeCsv(records: string[][]): string {
  return stringify(records, OPTIONS);
}
