/**
 * CSV exports (DECISIONS.md): generated on the server and streamed — rows are read from the
 * database a batch at a time and written as the client takes them, so memory stays flat however
 * many rows a deal has — UTF-8 with a byte-order mark (spreadsheets then read accents right), and
 * every text cell that a spreadsheet would run as a formula is neutralised (CSV injection).
 */
import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/**
 * A cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return (also after leading spaces,
 * which some spreadsheets skip) gets a leading apostrophe: it is then shown as text, never run.
 */
export function neutraliseCell(cell: string): string {
  return /^(?:[=+\-@\t\r]|\s+[=+\-@])/.test(cell) ? `'${cell}` : cell;
}

export type CsvCell = string | number | null;

/** Rows in batches, each read after the last row of the one before, until a batch comes back short. */
export async function* batches<T extends { id: string }>(
  fetchAfter: (lastId: string | undefined, size: number) => Promise<T[]>,
  size = 500,
): AsyncGenerator<T[]> {
  let last: string | undefined;
  for (;;) {
    const rows = await fetchAfter(last, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1]!.id;
  }
}

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

const CSV_OPTIONS: Options = { record_delimiter: 'windows', cast: { string: neutraliseCell } };
const BOM = '\ufeff';

/**
 * Sends a CSV: the byte-order mark and the header row, then each batch of records as `toCells`
 * makes them. A batch becomes text as soon as it is read, so its rows die young (a young-generation
 * collection frees them) instead of surviving until the stream has written them. Errors after the
 * first byte can only cut the download short (the status is sent); the client reports the failure.
 */
export function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  header: string[],
  records: AsyncIterable<T[]>,
  toCells: (record: T) => CsvCell[],
  onError: (error: Error) => void,
) {
  async function* text() {
    yield BOM + stringify([header], CSV_OPTIONS);
    for await (const batch of records) yield stringify(batch.map(toCells), CSV_OPTIONS);
  }
  const body = Readable.from(text(), { objectMode: false });
  body.on('error', onError);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', disposition(filename))
    .header('cache-control', 'no-store')
    .send(body);
}
