import { StringDecoder } from 'node:string_decoder';
import { MESSAGES } from '@insightra/contract';
import Papa from 'papaparse';
import { badRequest } from '../../lib/http-error';
import type { RowBatch } from './types';

/**
 * No row of the template comes near this; an unclosed quote would otherwise make the parser hold, and
 * re-read with every chunk, the rest of the file.
 */
export const MAX_ROW_CHARS = 1024 * 1024;

/** The delimiter of the header line: comma unless semicolons or tabs clearly dominate (European exports). */
function guessDelimiter(firstLine: string): string {
  const count = (ch: string) => firstLine.split(ch).length - 1;
  const candidates = [',', ';', '\t'].map((d) => [d, count(d)] as const);
  candidates.sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ',';
}

type Parser = InstanceType<typeof Papa.Parser>;

/**
 * The rows of `text` as papaparse gives them, and where the rows read end (with `ignoreLastRow`, the
 * text after the last line break is left for the next chunk). Text without a quote is what papaparse
 * reads in its fast mode, a split at line breaks and then at delimiters; that split is done here
 * without a string per line. Text with a quote goes to papaparse.
 */
function parseText(parser: Parser, delimiter: string, text: string, ignoreLastRow: boolean) {
  if (!text || text.includes('"')) {
    const result = parser.parse(text, 0, ignoreLastRow);
    return { rows: result.data as RowBatch, cursor: result.meta.cursor };
  }
  const rows: RowBatch = [];
  let pos = 0;
  // The next delimiter at or after `pos`, -1 when there is none.
  let next = text.indexOf(delimiter);
  let width = 0;
  for (;;) {
    let end = text.indexOf('\n', pos);
    if (end === -1) {
      if (ignoreLastRow) return { rows, cursor: pos };
      end = text.length;
    }
    // As wide as the last row to begin with: most rows are.
    const row: string[] = new Array(width);
    let cell = 0;
    while (next !== -1 && next < end) {
      row[cell++] = text.slice(pos, next);
      pos = next + 1;
      next = text.indexOf(delimiter, pos);
    }
    row[cell++] = text.slice(pos, end);
    if (cell < width) row.length = cell;
    width = cell;
    rows.push(row);
    if (end === text.length) return { rows, cursor: end };
    pos = end + 1;
  }
}

/**
 * Streams CSV rows in batches, one batch per input chunk. Each chunk is read as papaparse's low-level
 * Parser reads it with `ignoreLastRow` (parseText), and the incomplete tail is carried into the next
 * chunk — the same way its own streamers work — so memory holds one chunk, not the file.
 */
export async function* csvBatches(chunks: AsyncIterable<Buffer>): AsyncGenerator<RowBatch> {
  const decoder = new StringDecoder('utf8');
  let parser: Parser | null = null;
  let delimiter = ',';
  let carry = '';
  for await (const chunk of chunks) {
    const fresh = decoder.write(chunk);
    const text = carry + fresh;
    if (!parser) {
      // Only the new text is searched: the carried part is known to hold no line break.
      const found = fresh.indexOf('\n');
      if (found < 0) {
        if (text.length > MAX_ROW_CHARS) throw badRequest(MESSAGES.uploads.rowTooLong);
        carry = text;
        continue;
      }
      const newline = carry.length + found;
      const end = newline > 0 && text[newline - 1] === '\r' ? newline - 1 : newline;
      if (end > MAX_ROW_CHARS) throw badRequest(MESSAGES.uploads.rowTooLong);
      delimiter = guessDelimiter(text.slice(0, end));
      parser = new Papa.Parser({ delimiter });
    }
    const { rows, cursor } = parseText(parser, delimiter, text, true);
    carry = text.slice(cursor);
    if (carry.length > MAX_ROW_CHARS) throw badRequest(MESSAGES.uploads.rowTooLong);
    if (rows.length) yield rows;
  }
  const rest = carry + decoder.end();
  if (!rest) return;
  if (!parser) {
    delimiter = guessDelimiter(rest.split(/\r?\n/)[0] ?? '');
    parser = new Papa.Parser({ delimiter });
  }
  const { rows } = parseText(parser, delimiter, rest, false);
  if (rows.length) yield rows;
}
