// Generated from `api` by route-refs.test.ts. Do not edit: run
//   UPDATE_ROUTE_REFS=1 npx vitest run --project contract route-refs
import type { api } from './index';

type Api = typeof api;

/**
 * Every route's method, path and access, without its schemas, for the web's first-load code (session
 * check, public config): it calls the API through `@insightra/contract/public` and ships no zod.
 * Typed as the full routes so responses stay typed; at run time only method, path and access exist.
 */
export const apiRefs = {
  auth: {
    login: { method: 'POST', path: '/api/auth/login', access: 'none' },
    register: { method: 'POST', path: '/api/auth/register', access: 'none' },
    google: { method: 'POST', path: '/api/auth/google', access: 'none' },
    me: { method: 'GET', path: '/api/auth/me', access: 'user' },
    logout: { method: 'POST', path: '/api/auth/logout', access: 'user' },
    logoutEverywhere: { method: 'POST', path: '/api/auth/logout-everywhere', access: 'user' },
    googleLink: { method: 'POST', path: '/api/auth/google/link', access: 'user' },
    googleUnlink: { method: 'DELETE', path: '/api/auth/google/link', access: 'user' },
    reauthenticate: { method: 'POST', path: '/api/auth/reauthenticate', access: 'user' },
    verifyEmail: { method: 'POST', path: '/api/auth/verify-email', access: 'none' },
    resendVerification: { method: 'POST', path: '/api/auth/verify-email/resend', access: 'user' },
    forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', access: 'none' },
    resetPassword: { method: 'POST', path: '/api/auth/reset-password', access: 'none' },
    dashboardHeader: { method: 'PUT', path: '/api/auth/dashboard-header', access: 'user' },
    fullName: { method: 'PUT', path: '/api/auth/fullname', access: 'user' },
    username: { method: 'PUT', path: '/api/auth/username', access: 'user' },
    password: { method: 'PUT', path: '/api/auth/password', access: 'user' },
  },
  sectors: {
    list: { method: 'GET', path: '/api/sectors', access: 'optional' },
    get: { method: 'GET', path: '/api/sectors/:sectorId', access: 'none' },
    setMine: { method: 'PATCH', path: '/api/sectors/me', access: 'user' },
  },
  reports: {
    list: { method: 'GET', path: '/api/reports', access: 'user' },
    create: { method: 'POST', path: '/api/reports', access: 'user' },
    remove: { method: 'DELETE', path: '/api/reports/:id', access: 'user' },
  },
  admin: {
    users: { method: 'GET', path: '/api/admin/users', access: 'admin' },
    user: { method: 'GET', path: '/api/admin/users/:id', access: 'admin' },
    addReport: { method: 'POST', path: '/api/admin/users/:id/reports', access: 'admin' },
    issues: { method: 'GET', path: '/api/admin/issues', access: 'admin' },
    issue: { method: 'GET', path: '/api/admin/issues/:id', access: 'admin' },
    issueScreenshot: { method: 'GET', path: '/api/admin/issues/:id/screenshot', access: 'admin' },
    setIssueStatus: { method: 'PATCH', path: '/api/admin/issues/:id', access: 'admin' },
    biSettings: { method: 'GET', path: '/api/admin/bi-settings', access: 'admin' },
  },
  bi: {
    health: { method: 'GET', path: '/api/powerbi/health', access: 'none' },
    embedToken: { method: 'GET', path: '/api/powerbi/get-powerbi-token', access: 'user' },
    sectorToken: { method: 'GET', path: '/api/powerbi/sector-token/:sector', access: 'user' },
    embedData: { method: 'GET', path: '/api/embed/reports/:reportUuid', access: 'embed' },
    refresh: { method: 'POST', path: '/api/powerbi/api/refresh-powerbi', access: 'user' },
    refreshStatus: { method: 'GET', path: '/api/powerbi/api/refresh-status/:id', access: 'user' },
    refreshQueue: { method: 'GET', path: '/api/powerbi/api/refresh-queue', access: 'user' },
  },
  uploads: {
    upload: { method: 'POST', path: '/api/server/upload-excel', access: 'user' },
    storage: { method: 'GET', path: '/api/server/storage', access: 'user' },
    activity: { method: 'GET', path: '/api/server/activity', access: 'user' },
    purge: { method: 'DELETE', path: '/api/server/uploads/:id', access: 'user' },
    originalFile: { method: 'GET', path: '/api/server/uploads/:id/original', access: 'user' },
    rejectedFile: { method: 'GET', path: '/api/server/uploads/:id/rejected', access: 'user' },
    templateCsv: { method: 'GET', path: '/api/server/template.csv', access: 'optional' },
    templateXlsx: { method: 'GET', path: '/api/server/template.xlsx', access: 'optional' },
  },
  issues: {
    report: { method: 'POST', path: '/api/server/report-issue', access: 'optional' },
    contact: { method: 'POST', path: '/api/contact', access: 'none' },
  },
  charts: {
    grades: { method: 'GET', path: '/api/chart/grades', access: 'none' },
    submissions: { method: 'GET', path: '/api/chart/submissions', access: 'none' },
    automobile: { method: 'GET', path: '/api/chart/automobile', access: 'none' },
  },
  config: {
    get: { method: 'GET', path: '/api/config', access: 'none' },
  },
  metrics: {
    get: { method: 'GET', path: '/api/metrics', access: 'none' },
  },
  organisations: {
    list: { method: 'GET', path: '/api/organisations', access: 'user' },
    create: { method: 'POST', path: '/api/organisations', access: 'user' },
    switch: { method: 'POST', path: '/api/organisations/:id/switch', access: 'user' },
    rename: { method: 'PATCH', path: '/api/organisations/:id', access: 'user' },
    members: { method: 'GET', path: '/api/organisations/:id/members', access: 'user' },
    changeRole: { method: 'PATCH', path: '/api/organisations/:id/members/:userId', access: 'user' },
    removeMember: { method: 'DELETE', path: '/api/organisations/:id/members/:userId', access: 'user' },
    invite: { method: 'POST', path: '/api/organisations/:id/invitations', access: 'user' },
    revoke: { method: 'DELETE', path: '/api/organisations/:id/invitations/:invitationId', access: 'user' },
    invitation: { method: 'GET', path: '/api/invitations/:token', access: 'none' },
    accept: { method: 'POST', path: '/api/invitations/:token/accept', access: 'user' },
  },
  adminOrganisations: {
    list: { method: 'GET', path: '/api/admin/organisations', access: 'admin' },
    get: { method: 'GET', path: '/api/admin/organisations/:id', access: 'admin' },
    update: { method: 'PATCH', path: '/api/admin/organisations/:id', access: 'admin' },
    addReport: { method: 'POST', path: '/api/admin/organisations/:id/reports', access: 'admin' },
  },
  exports: {
    export: { method: 'GET', path: '/api/reports/:id/export', access: 'user' },
    sectorExport: { method: 'GET', path: '/api/sectors/:sector/export', access: 'user' },
  },
  subscriptions: {
    list: { method: 'GET', path: '/api/subscriptions', access: 'user' },
    create: { method: 'POST', path: '/api/subscriptions', access: 'user' },
    update: { method: 'PATCH', path: '/api/subscriptions/:id', access: 'user' },
    remove: { method: 'DELETE', path: '/api/subscriptions/:id', access: 'user' },
    sendNow: { method: 'POST', path: '/api/subscriptions/:id/send-now', access: 'user' },
    deliveries: { method: 'GET', path: '/api/subscriptions/:id/deliveries', access: 'user' },
    unsubscribe: { method: 'POST', path: '/api/unsubscribe/:token', access: 'none' },
    unsubscribeInfo: { method: 'GET', path: '/api/unsubscribe/:token', access: 'none' },
    adminList: { method: 'GET', path: '/api/admin/subscriptions', access: 'admin' },
  },
} as const as unknown as Api;
