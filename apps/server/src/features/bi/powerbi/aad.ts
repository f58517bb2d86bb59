import type { ConfidentialClientApplication, INetworkModule, NetworkRequestOptions } from '@azure/msal-node';
import type { FastifyBaseLogger } from 'fastify';
import { fromTransport, PowerBiError, powerBiErrors } from './errors';
import { type HttpOptions, msalNetworkClient } from './http';

export const POWERBI_SCOPE = 'https://analysis.windows.net/powerbi/api/.default';
/**
 * The least life a cached Entra token may have left to be reused: comfortably more than the 10 minutes
 * before expiry at which the dashboard renews its embed token (docs/EXTERNAL-SERVICES.md#power-bi-rest-api).
 */
export const MIN_TOKEN_LIFETIME_MS = 20 * 60_000;

export interface AadOptions {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  authorityHost: string;
  http: HttpOptions;
  log: FastifyBaseLogger;
}

type Msal = typeof import('@azure/msal-node');
let msalLoading: Promise<Msal> | undefined;
/** msal loads with the first token request: a server without Power BI never loads it (decision 123). */
const loadMsal = () => {
  msalLoading ??= import('@azure/msal-node');
  return msalLoading;
};

/**
 * Service-principal tokens for the Power BI API (client credentials). One ConfidentialClientApplication
 * for the process: its in-memory cache is what keeps us from asking Entra for a token per request.
 */
export class AadTokenSource {
  private app: Promise<ConfidentialClientApplication> | undefined;
  private msal: Msal | undefined;
  /** The last transport failure seen by msal's network module: msal wraps it, we want the cause. */
  private transportFailure: unknown;

  constructor(private readonly options: AadOptions) {}

  private client(): Promise<ConfidentialClientApplication> {
    this.app ??= loadMsal().then((msal) => {
      this.msal = msal;
      return this.create(msal);
    });
    return this.app;
  }

  private create({ ConfidentialClientApplication, LogLevel }: Msal): ConfidentialClientApplication {
    const { options } = this;
    const base = msalNetworkClient(options.http);
    const networkClient: INetworkModule = {
      sendGetRequestAsync: <T>(url: string, opts?: NetworkRequestOptions) =>
        base.sendGetRequestAsync<T>(url, opts).catch(this.remember),
      sendPostRequestAsync: <T>(url: string, opts?: NetworkRequestOptions) =>
        base.sendPostRequestAsync<T>(url, opts).catch(this.remember),
    };
    const host = new URL(options.authorityHost);
    return new ConfidentialClientApplication({
      auth: {
        clientId: options.clientId,
        clientSecret: options.clientSecret,
        authority: `${host.origin}/${options.tenantId}`,
        // Trusting the configured host explicitly skips msal's instance discovery at
        // login.microsoftonline.com, which a sovereign cloud or a local stand-in cannot answer (decision 071).
        knownAuthorities: [host.host],
      },
      system: {
        networkClient,
        loggerOptions: {
          piiLoggingEnabled: false,
          // msal warns on every client-credentials token ("No client info in response"): errors only.
          logLevel: LogLevel.Error,
          loggerCallback: (level, message, containsPii) => {
            if (containsPii || level > LogLevel.Error) return;
            options.log.warn({ source: 'msal' }, message);
          },
        },
      },
    });
  }

  private readonly remember = (err: unknown): never => {
    this.transportFailure = err;
    throw err;
  };

  /** A bearer token for api.powerbi.com; PowerBiError with a clear message when Entra refuses. */
  async token(options: { fresh?: boolean; forEmbedToken?: boolean } = {}): Promise<string> {
    this.transportFailure = undefined;
    try {
      const app = await this.client();
      const acquire = (skipCache: boolean) =>
        app.acquireTokenByClientCredential({
          scopes: [POWERBI_SCOPE],
          ...(skipCache ? { skipCache } : {}),
        });
      let result = await acquire(Boolean(options.fresh));
      // An embed token lives no longer than the Entra token that generated it: a cached token near its
      // end would hand the dashboard embed tokens it must renew at once. Take a new one for those.
      if (
        options.forEmbedToken &&
        result?.fromCache &&
        result.expiresOn &&
        result.expiresOn.getTime() - Date.now() < MIN_TOKEN_LIFETIME_MS
      ) {
        result = await acquire(true);
      }
      if (!result?.accessToken) throw powerBiErrors.credentials();
      return result.accessToken;
    } catch (err) {
      throw this.classify(err);
    }
  }

  private classify(err: unknown): PowerBiError {
    if (err instanceof PowerBiError) return err;
    const transport = fromTransport(this.transportFailure);
    if (transport instanceof PowerBiError) return transport;
    const msal = this.msal;
    if (msal && err instanceof msal.ServerError) {
      const status = err.status ?? 0;
      this.options.log.warn({ errorCode: err.errorCode, status }, 'Entra ID refused the token request');
      if (status === 429 || err.errorCode === 'throttled') return powerBiErrors.throttled(60);
      if (status >= 500) return powerBiErrors.unavailable(status);
      return powerBiErrors.credentials();
    }
    if (msal && err instanceof msal.AuthError) {
      this.options.log.warn({ errorCode: err.errorCode }, 'Entra ID token request failed');
      // msal refuses locally for a while after a 429 (docs/EXTERNAL-SERVICES.md#msal-against-a-local-authority).
      if (/throttl/i.test(err.errorCode) || /throttl/i.test(err.errorMessage))
        return powerBiErrors.throttled(60);
      if (err.errorCode === 'endpoints_resolution_error' || err.errorCode === 'network_error') {
        return powerBiErrors.unreachable(new URL(this.options.authorityHost).host);
      }
      return powerBiErrors.credentials();
    }
    this.options.log.warn({ err: { name: (err as Error)?.name } }, 'Entra ID token request failed');
    return powerBiErrors.unexpected(0);
  }
}
