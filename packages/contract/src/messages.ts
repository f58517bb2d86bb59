/** The message catalogue: every text the product shows, word for word (docs/PRODUCT.md points here). */

export const MESSAGES = {
  auth: {
    loginFailed: 'Login failed',
    registrationFailed: 'Registration failed',
    dashboardHeaderFailed: 'Failed to update dashboard header',
    noToken: 'No token found',
    invalidResponse: 'Invalid response from server',
    unexpected: 'An unexpected error occurred',
    googleFailed: 'Google authentication failed',
    googleLoginFailed: (message: string) => `Google login failed: ${message}`,
    googleLoginFailedRetry: 'Google login failed. Please try again.',
    registrationSuccess: (siteName: string) => `Registration successful! Welcome to ${siteName}`,
    loginSuccess: 'Login successful! Welcome back',
    googleLoginSuccess: 'Google login successful! Welcome back',
    loggedOut: 'Logged out successfully',
    passwordsMatched: 'Passwords matched',
    passwordsNotMatched: 'Passwords not matched',
    passwordsDoNotMatch: 'Passwords do not match',
    dashboardHeaderEmpty: 'Dashboard header cannot be empty',
    dashboardHeaderTooLong: 'Dashboard header must be less than 255 characters',
  },
  profile: {
    loadFailed: 'Failed to load profile data',
    sectorFailed: 'Failed to fetch sector data',
    fullNameFailed: 'Failed to update full name',
    usernameFailed: 'Failed to update username',
    passwordFailed: 'Failed to update password',
    fullNameEmpty: 'Full name cannot be empty',
    fullNameTooShort: 'Full name must be at least 2 characters long',
    usernameEmpty: 'Username cannot be empty',
    newPasswordsMismatch: 'New passwords do not match',
    newPasswordTooShort: 'New password must be at least 6 characters long',
  },
  issue: {
    nameRequired: 'Name is required',
    subjectRequired: 'Subject is required',
    descriptionRequired: 'Description is required',
    typeRequired: 'Issue type is required',
    specifyType: 'Please specify issue type',
    invalidEmail: 'Invalid email format',
    submissionFailed: 'Submission failed',
    submitted: 'Thank you! Your issue has been submitted.',
  },
  dashboard: {
    backendUnavailable: 'Backend server is not available. Please ensure the server is running',
    serverNotRunning: 'Server is not running. Please start the backend server first on port 5000.',
    powerBiUnavailable:
      'Server is running but PowerBI endpoint is not available. Check server configuration.',
    apiError: (status: number, body: string) => `API Error: ${status} - ${body}`,
    loadTierFailed: (tier: string, message: string) => `Failed to load ${tier} report: ${message}`,
    refreshFailed: (message: string) => `Failed to refresh dataset: ${message}`,
    uploadFailed: (message: string | number) => `Upload failed: ${message}`,
    stillUnavailable: 'Server is still not available...',
    lostRefreshConnection: 'Lost connection to refresh status',
    refreshPollingTimedOut: 'Refresh status polling timed out',
    selectFileFirst: 'Please select a file first!',
    noReports: 'No dashboard data available. Try creating a new report.',
    /** `/dashboard?report={id}` naming no tab of the active organisation. */
    linkedReportUnavailable: 'The linked report is not available in this organisation',
  },
  data: {
    loadSectorsFailed: 'Failed to load sectors',
    setSectorFailed: 'Failed to set sector',
    saveSectorFailed: 'Failed to save sector',
    /** PATCH /api/sectors/me while the member has active uploads (409). */
    sectorLocked:
      'Your sector cannot be changed while you have active uploads: delete them on the Activity page first',
    loadReportsFailed: 'Failed to load reports',
    createReportFailed: 'Failed to create report',
    deleteReportFailed: 'Failed to delete report',
    addReportFailed: 'Failed to add report',
    loadUsersFailed: 'Failed to load users',
    loadUserDetailsFailed: 'Failed to load user details',
    reportDeleted: (name: string) => `Report "${name}" deleted successfully`,
  },
  uploads: {
    tooManyAtOnce: (n: number) =>
      `You already have ${n} upload${n === 1 ? '' : 's'} in progress. Please wait for one to finish.`,
    dailyFiles: (n: number) =>
      `You have reached the limit of ${n} uploads in 24 hours. Please try again later.`,
    dailyVolume: (mb: number) =>
      `You have reached the limit of ${mb} MB uploaded in 24 hours. Please try again later.`,
    serverBusy: 'The server is processing too many uploads. Please try again in a minute.',
    storageFull: (organisation: string, usedMb: number, limitMb: number) =>
      `${organisation} stores ${usedMb.toLocaleString('en-IN')} MB of uploads, and its limit is ${limitMb.toLocaleString('en-IN')} MB. Delete old uploads on the Activity page to make room.`,
    csvTooSlow: 'The .csv file took too long to read',
    rowTooLong: 'A row of the .csv file is longer than 1 MB: is a quote left unclosed?',
  },
  activity: {
    noToken: 'Authentication token not found. Please log in again.',
    fetchFailed: 'Failed to fetch activity logs',
    fileGone: 'File is no longer available (expired or deleted)',
    downloadFailed: (kind: string) => `Failed to download ${kind} file`,
    noneDeleted: 'No logs were deleted',
    deleted: (n: number) => `Deleted ${n} log(s)`,
    purgeFailed: 'Failed to purge selected logs',
    empty: 'No uploads found yet',
  },
  admin: {
    loadUsersFailed: 'Failed to load users',
    loadUserFailed: 'Failed to load user',
    addReportFailed: 'Failed to add report',
    reportAdded: 'Report added successfully',
    noUsers: 'No users found',
    unnamedUser: 'Unnamed User',
    noReports: 'No reports',
  },
  charts: {
    gradesFailed: 'Failed to fetch grades data',
    submissionsFailed: 'Failed to fetch submissions data',
    automobileFailed: 'Failed to fetch automobile data',
    errorTitle: 'Error Loading Data',
  },
  /** Answers of an instance protecting itself (503 or 408); each 503 carries Retry-After. */
  availability: {
    databaseUnavailable: 'The database is unavailable at the moment. Please try again in a few seconds.',
    hashingBusy: 'Too many sign-ins and registrations at the moment. Please try again in a few seconds.',
    requestTimeout: 'The request took too long to arrive and was closed. Please try again.',
  },
  other: {
    sampleReportFallback: (email: string) =>
      `Sample report is being prepared. Please contact ${email} for a demo report.`,
    unexpectedApplicationError: 'Unexpected Application Error!',
    notFoundCode: '404',
    notFound: 'Oops, page not found.',
    accessDenied: 'You do not have permission to view this page.',
    loading: 'Loading...',
    processing: 'Processing...',
    submitting: 'Submitting...',
    saving: 'Saving...',
    footerTagline: 'Ready to transform your business with data?',
  },
  /** Power BI: what members and administrators read; the cause for operators is in the server log. */
  powerBi: {
    identityRequired:
      'This report cannot be shown yet: its data is restricted per customer and the site is not set up for that. Please contact your administrator.',
    identityRefused:
      "This report cannot be shown: the site restricts data per customer but this report's data is not set up for it. Please contact your administrator.",
    refreshFailed: 'The data could not be refreshed; the reports still show the previous data',
    refreshCooldown: (lastRefreshed: string, nextRefresh: string) =>
      `Data was last refreshed at ${lastRefreshed}; the next refresh may start at ${nextRefresh}`,
    noRowLevelSecurity:
      "Row-level security is off: every member sees every row of the Power BI dataset. Set POWERBI_RLS_ROLES to the dataset's role names (docs/POWERBI.md).",
  },
} as const;
