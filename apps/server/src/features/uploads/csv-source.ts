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

/**
 * Streams CSV rows in batches, one batch per input chunk. papaparse's low-level Parser is fed each
 * chunk with `ignoreLastRow`, and the incomplete tail is carried into the next chunk — the same way
 * its own streamers work — so memory holds one chunk, not the file.
 */
export async function* csvBatches(chunks: AsyncIterable<Buffer>): AsyncGenerator<RowBatch> {
  const decoder = new StringDecoder('utf8');
  let parser: InstanceType<typeof Papa.Parser> | null = null;
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
      parser = new Papa.Parser({ delimiter: guessDelimiter(text.slice(0, end)) });
    }
    const result = parser.parse(text, 0, true);
    carry = text.slice(result.meta.cursor);
    if (carry.length > MAX_ROW_CHARS) throw badRequest(MESSAGES.uploads.rowTooLong);
    if (result.data.length) yield result.data as RowBatch;
  }
  const rest = carry + decoder.end();
  if (!rest) return;
  parser ??= new Papa.Parser({ delimiter: guessDelimiter(rest.split(/\r?\n/)[0] ?? '') });
  const result = parser.parse(rest, 0, false);
  if (result.data.length) yield result.data as RowBatch;
}
