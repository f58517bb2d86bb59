import { SESSION_MESSAGES } from '@insightra/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client';
import { unauthorized } from '../../lib/http-error';
import type { SessionPrincipal } from '../../plugins/auth';
import { userAnswer } from '../auth/session';
import { setSessionOrganisation } from '../auth/session-repository';
import { setDefaultOrganisation } from './organisation-repository';

/**
 * Makes the organisation the session's active one and the user's default (new sessions start in the
 * last one switched to). 401 when the session has ended meanwhile.
 */
export async function enterOrganisation(db: Queryable, principal: SessionPrincipal, organisationId: number) {
  if (!(await setSessionOrganisation(db, principal.sessionId, principal.userId, organisationId))) {
    throw unauthorized(SESSION_MESSAGES.sessionEnded);
  }
  await setDefaultOrganisation(db, principal.userId, organisationId);
}

/**
 * `{token, user}` after the session changed organisation: the user as the session now sees them, and a
 * fresh token of the same session naming the new organisation (tokens of the old one are refused with
 * 409 and replaced by GET /auth/me in the other tabs).
 */
export async function switchAnswer(
  app: FastifyInstance,
  principal: SessionPrincipal,
  organisationId: number,
  message: string,
) {
  const answer = await userAnswer(app, principal, message, organisationId);
  if (!answer.data.token) throw unauthorized(SESSION_MESSAGES.sessionEnded);
  return { ...answer, data: { user: answer.data.user, token: answer.data.token } };
}
