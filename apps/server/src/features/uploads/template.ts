import type { ColumnSpec, UploadTemplate } from '@insightra/contract';

const VALIDATED_ROWS = 5000;

function csvCell(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

/** The template as CSV: the header and one example row. */
export function templateCsv(template: UploadTemplate): string {
  const header = template.columns.map((c) => c.name);
  const example = template.columns.map((c) => c.example);
  return `${header.map(csvCell).join(',')}\r\n${example.map(csvCell).join(',')}\r\n`;
}

function exampleValue(col: ColumnSpec): string | number | Date {
  if (col.kind.type === 'number') return Number(col.example);
  if (col.kind.type === 'date') return new Date(`${col.example}T00:00:00Z`);
  return col.example;
}

function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function rule(col: ColumnSpec): string {
  const kind = col.kind;
  switch (kind.type) {
    case 'text':
      return `Text, at most ${kind.maxLength} characters`;
    case 'enum':
      return `One of ${kind.values.map((v) => v.value).join(', ')}`;
    case 'number':
      return `A ${kind.integer ? 'whole number' : 'number'} from ${kind.min} to ${kind.max}`;
    case 'date':
      return kind.spellings === 'spreadsheet'
        ? 'A date (YYYY-MM-DD, DD/MM/YYYY or a spreadsheet date)'
        : 'A date (YYYY-MM-DD or a spreadsheet date)';
  }
}

/** How the Instructions sheet marks a row-key column. */
function keyNote(template: UploadTemplate): string {
  return template.rowKey.length === 1
    ? ' (unique within the file)'
    : ` (with ${template.rowKey.join(', ')}: unique within the file)`;
}

/** The template as XLSX: drop-downs for the enumerated columns, an example row, an Instructions sheet. */
export async function templateXlsx(template: UploadTemplate): Promise<Buffer> {
  // Loaded on first use: exceljs costs ~300 ms at start-up, and most starts serve no XLSX template.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = 'Insightra';
  const sheet = book.addWorksheet('Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = template.columns.map((c) => ({
    header: c.name,
    key: c.name,
    width: Math.max(14, c.name.length + 4),
    ...(c.kind.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(template.columns.map(exampleValue));
  template.columns.forEach((col, i) => {
    const letter = columnLetter(i);
    const kind = col.kind;
    for (let r = 2; r <= VALIDATED_ROWS + 1; r++) {
      const cell = sheet.getCell(`${letter}${r}`);
      if (kind.type === 'enum') {
        cell.dataValidation = {
          type: 'list',
          allowBlank: !col.required,
          formulae: [`"${kind.values.map((v) => v.value).join(',')}"`],
          showErrorMessage: true,
          errorTitle: col.label,
          error: rule(col),
        };
      } else if (kind.type === 'number') {
        cell.dataValidation = {
          type: kind.integer ? 'whole' : 'decimal',
          operator: 'between',
          allowBlank: true,
          formulae: [kind.min, kind.max],
          showErrorMessage: true,
          error: rule(col),
        };
      }
    }
  });
  const help = book.addWorksheet('Instructions');
  help.columns = [
    { header: 'Column', key: 'name', width: 20 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Allowed values', key: 'rule', width: 44 },
    { header: 'Description', key: 'description', width: 70 },
  ];
  help.getRow(1).font = { bold: true };
  for (const col of template.columns) {
    help.addRow({
      name: col.name,
      required: col.required ? 'Yes' : 'No',
      rule: rule(col) + (template.rowKey.includes(col.name) ? keyNote(template) : ''),
      description: col.description,
    });
  }
  help.addRow({});
  for (const r of template.rules ?? [])
    help.addRow({ name: 'Rule', description: `Rejected when ${r.message}.` });
  help.addRow({ name: 'Notes', description: 'Fill the Data sheet from row 2; replace the example row.' });
  help.addRow({
    description: 'Header names match without regard to case or spaces. Accepted files: .xlsx, .xls, .csv.',
  });
  help.addRow({
    description:
      'Rows that fail a rule are listed, with the reason, in the rejected-rows file on the Activity page.',
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}
