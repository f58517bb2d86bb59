import { z } from 'zod';
import { defineRoute, IdParams } from './http';

export const UploadStats = z.object({
  totalRowsProcessed: z.number().int(),
  totalRecordsInserted: z.number().int(),
  totalRecordsFailed: z.number().int(),
  successRate: z.number(),
});
export type UploadStats = z.infer<typeof UploadStats>;

/** What one upload did: its counts and the id of its log. */
export const UploadResult = UploadStats.extend({ uploadId: z.number().int() });
export type UploadResult = z.infer<typeof UploadResult>;

export const UploadResponse = UploadResult.extend({
  success: z.literal(true),
  message: z.string(),
});

export const UploadLog = z.object({
  id: z.number().int(),
  file_name: z.string(),
  total_processed: z.number().int(),
  total_accepted: z.number().int(),
  total_failed: z.number().int(),
  success_rate: z.number(),
  /** 0 = deleted, otherwise active. */
  status: z.number().int(),
  date: z.string(),
  originalFileUrl: z.string().nullable(),
  rejectedFileUrl: z.string().nullable(),
  /** Who uploaded it: their id and display name (null once that account is removed). */
  uploaded_by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
});
export type UploadLog = z.infer<typeof UploadLog>;

/** One id or a comma-separated list, e.g. `/uploads/3,4,9`. */
export const UploadIdsParams = z.object({
  id: z
    .string()
    .max(2000)
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'Upload ids must be numbers separated by commas'),
});

export const uploadRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/server/upload-excel',
    tag: 'uploads',
    access: 'user',
    permission: 'uploads.create',
    multipart: true,
    summary: 'Upload a .csv, .xlsx or .xls file (multipart field excelFile); rows are validated one by one',
    response: UploadResponse,
  }),
  storage: defineRoute({
    method: 'GET',
    path: '/api/server/storage',
    tag: 'uploads',
    access: 'user',
    permission: 'reports.view',
    summary:
      "What the active organisation's uploads store and its limit (ORG_STORAGE_MAX_MB); an upload past it answers 413",
    response: z.object({
      success: z.literal(true),
      data: z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() }),
    }),
  }),
  activity: defineRoute({
    method: 'GET',
    path: '/api/server/activity',
    tag: 'uploads',
    access: 'user',
    permission: 'reports.view',
    summary: "The caller's upload history, newest first",
    response: z.object({ success: z.literal(true), data: z.array(UploadLog) }),
  }),
  purge: defineRoute({
    method: 'DELETE',
    path: '/api/server/uploads/:id',
    tag: 'uploads',
    access: 'user',
    permission: 'uploads.purge',
    summary:
      'Purge one or more uploads (comma-separated ids): their rows and files go, the log stays as Deleted',
    params: UploadIdsParams,
    response: z.object({ success: z.literal(true), message: z.string(), deletedCount: z.number().int() }),
  }),
  originalFile: defineRoute({
    method: 'GET',
    path: '/api/server/uploads/:id/original',
    tag: 'uploads',
    access: 'user',
    permission: 'uploads.download',
    file: true,
    summary: 'Download the original uploaded file (410 once expired or purged)',
    params: IdParams,
  }),
  rejectedFile: defineRoute({
    method: 'GET',
    path: '/api/server/uploads/:id/rejected',
    tag: 'uploads',
    access: 'user',
    permission: 'uploads.download',
    file: true,
    summary: 'Download the rejected rows with an error column (410 once expired or purged)',
    params: IdParams,
  }),
  templateCsv: defineRoute({
    method: 'GET',
    path: '/api/server/template.csv',
    tag: 'uploads',
    access: 'optional',
    file: true,
    summary: "The upload template as CSV: the signed-in member's sector's (Education's otherwise)",
  }),
  templateXlsx: defineRoute({
    method: 'GET',
    path: '/api/server/template.xlsx',
    tag: 'uploads',
    access: 'optional',
    file: true,
    summary: 'The upload template as XLSX, with drop-downs, an example row and instructions',
  }),
} as const;
