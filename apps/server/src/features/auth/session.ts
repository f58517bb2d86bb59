import type { User } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/http-error';
import { toUser } from './user-mapper';
import { findUserById } from './user-repository';

/** The user as stored now; 401 when the account behind a valid token has been removed. */
export async function currentUser(app: FastifyInstance, userId: number): Promise<User> {
  const row = await findUserById(app.db, userId);
  if (!row) throw unauthorized('This account no longer exists');
  return toUser(row);
}

/**
 * A session token whose claims are the user's public fields, so the web can show them at once. Each field
 * goes in once (camelCase; the web reads either spelling): the token travels with every request.
 */
export function sessionFor(app: FastifyInstance, user: User): Promise<string> {
  const { user_id, full_name, mobile_number, sector_id, dashboard_header, ...claims } = user;
  return app.auth.signSession(user.id, claims);
}

export async function sessionAnswer(app: FastifyInstance, userId: number, message: string) {
  const user = await currentUser(app, userId);
  return { success: true as const, message, data: { token: await sessionFor(app, user), user } };
}

/** The answer to a profile change: the new user and a token carrying it. */
export async function userAnswer(app: FastifyInstance, userId: number, message: string) {
  const user = await currentUser(app, userId);
  return { success: true as const, message, data: { user, token: await sessionFor(app, user) } };
}
