import type { ImportEdge } from './import-graph';

/**
 * Modules of one server feature that other server features may import. Anything else inside a feature
 * folder is that feature's own business. Keep this list short and say why each entry is shared.
 */
export const SERVER_FEATURE_ENTRY_POINTS: Record<string, string> = {
  // The signed-in user's answer (fresh token + user), shared by every route that changes the user.
  'apps/server/src/features/auth/session.ts': 'the signed-in user answer',
  // An organisation's report rows: the BI provider checks which an embed token may cover, the admin
  // pages list and add them.
  'apps/server/src/features/reports/repository.ts': "an organisation's reports",
  // An organisation's sector declaration: uploads validate and store by it, the refresh computes by it.
  'apps/server/src/features/sectors/repository.ts': "an organisation's sector",
  // Each upload's summary: an upload stores it as it is published, the refresh adds them up.
  'apps/server/src/features/bi/builtin/upload-summary-repository.ts': "an upload's summary",
  // The summary of rows as they are validated: the parse worker imports it without the query library.
  'apps/server/src/features/bi/builtin/row-summariser.ts': "an upload's summary, made row by row",
  // The sessions behind tokens: the auth plugin checks them on every authenticated request.
  'apps/server/src/features/auth/session-repository.ts': 'sessions and their users',
  // The one check of the caller's organisation and role: the auth plugin runs it, handlers read its owner.
  'apps/server/src/features/organisations/scope.ts': "the caller's organisation",
  // A new organisation and its owner: registration, Google sign-in and onboarding make one.
  'apps/server/src/features/organisations/organisation-repository.ts': 'organisations and memberships',
  // Joining through an invitation while registering or signing in with Google.
  'apps/server/src/features/organisations/invitations.ts': 'accepting an invitation',
  // A built-in report's figures for an organisation: the frame's data call and the exports read them.
  'apps/server/src/features/bi/builtin/sector-summaries.ts': "a report's figures",
  // A report tab rendered as the PDF a member downloads: scheduled e-mails attach the same file.
  'apps/server/src/features/exports/render.ts': 'a report as a PDF',
  // Whether an address may receive mail: invitations, subscriptions and accepting an invitation ask it.
  'apps/server/src/features/auth/address-confirmation.ts': 'confirmed addresses',
  // Addresses that asked for no more mail from an organisation: invitations respect them too.
  'apps/server/src/features/subscriptions/suppression-repository.ts': "an organisation's suppression list",
  // Cells no spreadsheet runs as formulas: the rejected-rows file and the report exports write them.
  'apps/server/src/features/uploads/rejected-writer.ts': 'formula-safe cells',
};

const webFeature = (f: string) => /^apps\/web\/src\/features\/([^/]+)\//.exec(f)?.[1];
const serverFeature = (f: string) => /^apps\/server\/src\/features\/([^/]+)\//.exec(f)?.[1];
const side = (f: string) => /^(apps\/web|apps\/server|packages\/contract)\//.exec(f)?.[1];

/** What is wrong with one import, or null. */
export function importRuleViolation(edge: ImportEdge): string | null {
  const { from, to, specifier } = edge;
  const fromSide = side(from);
  if (to === null) {
    if (fromSide === 'apps/web' && specifier.startsWith('@insightra/server')) {
      return 'the web app imports the server';
    }
    if (fromSide === 'apps/server' && specifier.startsWith('@insightra/web')) {
      return 'the server imports the web app';
    }
    return null;
  }
  const toSide = side(to);
  if (fromSide === 'apps/web' && toSide === 'apps/server') return 'the web app imports the server';
  if (fromSide === 'apps/server' && toSide === 'apps/web') return 'the server imports the web app';
  if (fromSide === 'packages/contract' && (toSide === 'apps/web' || toSide === 'apps/server')) {
    return 'the contract imports an app';
  }

  const fromWeb = webFeature(from);
  const toWeb = webFeature(to);
  if (toWeb && fromWeb && fromWeb !== toWeb) {
    return `web feature "${fromWeb}" imports the internals of web feature "${toWeb}"`;
  }
  if (toWeb && /^apps\/web\/src\/(lib|components)\//.test(from)) {
    return `shared web code imports web feature "${toWeb}"`;
  }

  const fromServer = serverFeature(from);
  const toServer = serverFeature(to);
  if (toServer && fromServer && fromServer !== toServer && !(to in SERVER_FEATURE_ENTRY_POINTS)) {
    return `server feature "${fromServer}" imports the internals of server feature "${toServer}" (shared entry points: scripts/checks/import-rules.ts)`;
  }
  if (
    toServer &&
    /^apps\/server\/src\/(lib|db|plugins)\//.test(from) &&
    !(to in SERVER_FEATURE_ENTRY_POINTS)
  ) {
    return `shared server code imports server feature "${toServer}"`;
  }
  return null;
}

/** A static import chain from the web entry that reaches zod, or null. */
export function zodChain(closure: Map<string, string[]>): string[] | null {
  for (const [module, chain] of closure) {
    if (module === 'package:zod' || module.startsWith('package:zod/')) return chain;
  }
  return null;
}
