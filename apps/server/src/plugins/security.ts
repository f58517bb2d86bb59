import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

const GOOGLE_ORIGIN = 'https://accounts.google.com';
const POWERBI_ORIGINS = [
  'https://app.powerbi.com',
  'https://*.powerbi.com',
  'https://*.analysis.windows.net',
];

/** The Content-Security-Policy, built from the same configuration as GET /api/config. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const google = config.google.clientId ? [GOOGLE_ORIGIN] : [];
  const powerbi = config.bi.provider === 'powerbi' ? POWERBI_ORIGINS : [];
  // Secure embed signs each viewer in inside the frame: the frame navigates to Entra ID's sign-in page.
  const signIn =
    config.bi.provider === 'powerbi' && config.bi.embedMode === 'secure-embed'
      ? [new URL(config.bi.powerbi.authorityHost).origin]
      : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...google.map((o) => `${o}/gsi/client`)],
    // React and the chart library set style properties through the DOM; Google's button injects a stylesheet.
    'style-src': ["'self'", "'unsafe-inline'", ...google.map((o) => `${o}/gsi/style`)],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google.map((o) => `${o}/gsi/`), ...powerbi],
    'frame-src': ["'self'", ...google.map((o) => `${o}/gsi/`), ...powerbi, ...signIn],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(app.config) },
      // Google's sign-in pop-up needs to talk back to the opener.
      crossOriginOpenerPolicy: {
        policy: app.config.google.clientId ? 'same-origin-allow-popups' : 'same-origin',
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  },
  { name: 'security', dependencies: ['config'] },
);
