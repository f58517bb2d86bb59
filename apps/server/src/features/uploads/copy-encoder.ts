import type { SectorDeclaration } from '@insightra/contract';
import type { CellValue } from './validate';

/** A sector table's COPY column list: the upload and its owning organisation, then the template's columns in order. */
export function copyColumns(declaration: SectorDeclaration): string {
  return ['upload_id', 'organisation_id', ...declaration.upload.columns.map((c) => `"${c.name}"`)].join(', ');
}

// COPY text format: backslash escapes for the few characters that would end a field or a row.
const SPECIAL = /[\\\t\n\r]/;
function escapeCopy(value: string): string {
  if (!SPECIAL.test(value)) return value;
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/** One accepted row as a line of COPY text for the sector's table (copyColumns order). */
export function copyLineEncoder(
  declaration: SectorDeclaration,
  uploadId: number,
  organisationId: number,
): (values: CellValue[]) => string {
  const columns = declaration.upload.columns;
  // Yes/No enumerations are stored as booleans: the first value is true.
  const trueValue = columns.map((c) =>
    c.kind.type === 'enum' && c.kind.boolean ? c.kind.values[0]!.value : null,
  );
  // Only free text can hold a tab, newline or backslash; enums, numbers and dates are validated forms.
  const isText = columns.map((c) => c.kind.type === 'text');
  const prefix = `${uploadId}\t${organisationId}\t`;
  return (values) => {
    let line = prefix;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (i) line += '\t';
      if (v === null || v === undefined) line += '\\N';
      else if (trueValue[i] !== null) line += v === trueValue[i] ? 't' : 'f';
      else if (isText[i]) line += escapeCopy(v as string);
      else line += v;
    }
    return `${line}\n`;
  };
}
