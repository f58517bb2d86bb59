import type { App } from '../../src/app';
import { bearer } from '../helpers/factories';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the API as the holder of `token` (none: anonymously); answers status and JSON body. */
export function requester(app: App) {
  return async (method: Method, url: string, token?: string | null, payload?: object) => {
    const res = await app.inject({
      method,
      url: `/api${url}`,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
}

/** The token of an invitation link `.../invite/{token}`. */
export const tokenOfLink = (link: string) => link.slice(link.lastIndexOf('/invite/') + '/invite/'.length);
