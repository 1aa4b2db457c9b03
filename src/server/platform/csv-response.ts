// A CSV download of every page of a list (issue 15): keyset pages read one at a time as the
// client takes the bytes, never the whole list in memory. The list's own page function is used,
// so an export holds exactly the rows the list shows for the same search and filters.
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { pipeline, Readable } from 'node:stream';
import { z } from 'zod';
import { format } from 'date-fns/format';
import { csvCells, exportFileName, type CsvColumn } from '../../domain/csv-export';
import type { Say } from '../../domain/activity-rules';
import type { Locale } from '../../domain/locales';
import type { Clock } from './clock';
import { translate } from './i18n';

/** The 200 of an export route in the API document; the stream itself is sent as it is. */
export const csvFileSchema = z.string().describe('A CSV file (UTF-8 with a byte-order mark, CRLF line ends), header row first');

export type ListPage<Row> = { items: Row[]; nextCursor: string | null };

export async function sendCsvPages<Row>(
  reply: FastifyReply,
  /**
   * `locale`: the downloader's language (issue 48), of the header row and of the cells that hold
   * our words (CsvColumn); the other cells are data, as stored.
   */
  download: { list: Parameters<typeof exportFileName>[0]; clock: Clock; locale: Locale },
  columns: CsvColumn<Row>[],
  readPage: (cursor: string | undefined) => Promise<ListPage<Row>>,
): Promise<FastifyReply> {
  // The first page before any byte is sent: a refusal or a fault is still a plain JSON error.
  const first = await readPage(undefined);
  const say: Say = (text, values) => translate(download.locale, text, values);
  async function* records() {
    yield columns.map((column) => translate(download.locale, column.header));
    let page = first;
    for (;;) {
      for (const item of page.items) yield csvCells(columns, item, say);
      if (!page.nextCursor) return;
      page = await readPage(page.nextCursor);
    }
  }
  // Readable.from pulls the next page only when the stringifier wants more (backpressure). A
  // later page that fails ends the download short; the error goes to the log.
  const csv = pipeline(Readable.from(records()), stringify({ bom: true, record_delimiter: 'windows' }), (error) => {
    if (error) reply.log.error({ err: error }, 'CSV export failed part way');
  });
  const fileName = exportFileName(download.list, format(download.clock.now(), 'yyyy-MM-dd'));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
