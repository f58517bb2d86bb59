import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import * as XLSX from '@e965/xlsx';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, registerUser, setSector, signIn, test } from '../fixtures';

const HEADER = 'student_id,student_name,gender,grade,project_submitted,score,enrolled_on';

async function member(request: APIRequestContext) {
  const session = await registerUser(request);
  await setSector(request, session.token, 1);
  return session;
}

async function openDashboard(page: Page, token: string) {
  await signIn(page, token);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Load Data' })).toBeVisible();
}

async function chooseFile(page: Page, name: string, buffer: Buffer) {
  await page
    .getByLabel('Choose a spreadsheet to upload')
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}

async function text(download: Download) {
  return (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, '');
}

const stat = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Upload status' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::dd');

test('uploads a mixed file, shows statistics, downloads both files and purges from /activity', async ({
  page,
  request,
}) => {
  const { token } = await member(request);
  await openDashboard(page, token);
  await page.getByRole('button', { name: 'Load Data' }).click();
  await expect(page.getByText('Please select a file first!')).toBeVisible();

  const csv = `${HEADER}\nE1,Asha,F,Grade 9,Yes,91,2025-06-15\nE2,Ravi,M,Grade 9,No,,\nE3,=cmd(),X,Grade 9,Yes,,\n`;
  await chooseFile(page, 'mixed.csv', Buffer.from(csv));
  await expect(page.getByText(/File selected: mixed\.csv/)).toBeVisible();
  await page.getByRole('button', { name: 'Load Data' }).click();
  await expect(stat(page, 'Rows processed')).toHaveText('3');
  await expect(stat(page, 'Records inserted')).toHaveText('2');
  await expect(stat(page, 'Records failed')).toHaveText('1');
  await expect(page.getByRole('region', { name: 'Upload status' }).getByText('66.67%')).toBeVisible();

  await page
    .getByRole('region', { name: 'Upload status' })
    .getByRole('link', { name: 'Activity Logs' })
    .click();
  await expect(page).toHaveURL(/\/activity$/);
  const row = page.getByRole('row', { name: /mixed\.csv/ });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('66.67%')).toBeVisible();

  const [original] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download original file of mixed.csv' }).click(),
  ]);
  expect(original.suggestedFilename()).toBe('mixed.csv');
  expect(await text(original)).toBe(csv);
  const [rejected] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download rejected file of mixed.csv' }).click(),
  ]);
  expect(rejected.suggestedFilename()).toBe('mixed-rejected.csv');
  const lines = (await text(rejected)).trim().split(/\r\n/);
  expect(lines[0]).toBe(`${HEADER},error`);
  expect(lines[1]).toContain("'=cmd()");
  expect(lines[1]).toContain('is not one of Female, Male');

  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Purge selected' }).click();
  await page.getByRole('dialog', { name: 'Purge 1 upload?' }).getByRole('button', { name: 'Purge' }).click();
  await expect(page.getByText('Deleted 1 log(s)')).toBeVisible();
  await expect(row.getByText('Deleted')).toBeVisible();
  await row.getByRole('button', { name: 'Download original file of mixed.csv' }).click();
  await expect(page.getByText('File is no longer available (expired or deleted)')).toBeVisible();
});

test('the progress bar moves during a large upload, then processing, then the statistics', async ({
  page,
  request,
}) => {
  const { token } = await member(request);
  await openDashboard(page, token);
  let body = `${HEADER}\n`;
  for (let i = 0; i < 120_000; i++) body += `P${i},Student ${i},Female,Grade 7,Yes,${i % 100},2024-01-15\n`;
  await chooseFile(page, 'large.csv', Buffer.from(body));
  // Slow the upload down (~1.5 MB/s) so the progress can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1.5 * 1024 * 1024,
  });
  await page.getByRole('button', { name: 'Load Data' }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        const now = await bar.getAttribute('aria-valuenow', { timeout: 500 }).catch(() => null);
        if (now !== null) seen.add(Number(now));
        return [...seen].filter((v) => v > 0 && v < 100).length;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(2);
  await expect(stat(page, 'Records inserted')).toHaveText('1,20,000', { timeout: 60_000 });
});

test('the xlsx template has drop-downs, an example row and an instructions sheet', async ({
  page,
  request,
}) => {
  const { token } = await member(request);
  await openDashboard(page, token);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the upload template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('insightra-upload-template.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ExcelJS.Buffer);
  const data = book.getWorksheet('Data')!;
  expect(data.getRow(1).values).toEqual([undefined, ...HEADER.split(',')]);
  expect(data.getRow(2).getCell(1).value).toBe('STU-0001');
  expect(data.getCell('C2').dataValidation).toMatchObject({ type: 'list', formulae: ['"Female,Male"'] });
  expect(data.getCell('E3').dataValidation).toMatchObject({ type: 'list', formulae: ['"Yes,No"'] });
  const help = book.getWorksheet('Instructions')!;
  expect(help.getRow(1).getCell(1).value).toBe('Column');
  expect(help.getRow(4).getCell(3).value).toContain('Female, Male');
});

test('dates from .xlsx and .xls arrive as dates', async ({ page, request }) => {
  const { token } = await member(request);
  const rows: unknown[][] = [
    ['D1', 'Asha', 'Female', 'Grade 9', 'Yes', 90, new Date(Date.UTC(2025, 5, 15))],
    ['D2', 'Ravi', 'Other', 'Grade 9', 'No', 50, new Date(Date.UTC(2024, 0, 31))],
  ];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(HEADER.split(','));
  for (const r of rows) sheet.addRow(r);
  sheet.getColumn(7).numFmt = 'dd/mm/yyyy';
  const xlsx = Buffer.from(await book.xlsx.writeBuffer());
  const xlsBook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    xlsBook,
    XLSX.utils.aoa_to_sheet([HEADER.split(','), ...rows], { cellDates: true }),
    'Data',
  );
  const xls = Buffer.from(XLSX.write(xlsBook, { type: 'buffer', bookType: 'xls' }) as Uint8Array);

  await openDashboard(page, token);
  for (const [name, buffer] of [
    ['dates.xlsx', xlsx],
    ['dates.xls', xls],
  ] as const) {
    await chooseFile(page, name, buffer);
    await page.getByRole('button', { name: 'Load Data' }).click();
    // The accepted row's date passed the date rule (a serial number would not).
    await expect(stat(page, 'Records inserted')).toHaveText('1');
    await page.getByRole('button', { name: 'Close upload results' }).click();
  }
  await page.goto('/activity');
  for (const [name, ext] of [
    ['dates.xlsx', 'xlsx'],
    ['dates.xls', 'xls'],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download rejected file of ${name}`, exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`dates-rejected.${ext}`);
    const rejected = XLSX.read(await readFile((await download.path())!), { type: 'buffer' });
    const cells = XLSX.utils.sheet_to_json<string[]>(rejected.Sheets[rejected.SheetNames[0]!]!, {
      header: 1,
    });
    expect(cells[1]![0]).toBe('D2');
    // The rejected row keeps its date as a date, not a spreadsheet serial number.
    expect(cells[1]![6]).toBe('2024-01-31');
  }
});

test('/activity and the upload results pass an accessibility audit, at desktop and phone widths', async ({
  page,
  request,
}) => {
  const { token } = await member(request);
  await openDashboard(page, token);
  await chooseFile(page, 'a11y.csv', Buffer.from(`${HEADER}\nA1,Asha,F,G9,Yes,,\nA2,Ravi,Z,G9,No,,\n`));
  await page.getByRole('button', { name: 'Load Data' }).click();
  await expect(stat(page, 'Records inserted')).toHaveText('1');
  const audit = async (where: string) => {
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    const summary = result.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
    expect(summary, `axe violations on ${where}`).toEqual([]);
  };
  await audit('the dashboard with upload results');
  await page.goto('/activity');
  await expect(page.getByRole('row', { name: /a11y\.csv/ })).toBeVisible();
  await audit('/activity');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Upload history, newest first' })).toBeVisible();
  await audit('/activity at 390 px');
});
