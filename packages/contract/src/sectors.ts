import { z } from 'zod';
import { defineRoute, IntId } from './http';
import { OrganisationName } from './organisations';
import { Sector, User } from './users';

export const sectorRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/sectors',
    tag: 'sectors',
    access: 'optional',
    summary: 'The industry sectors',
    response: z.object({ success: z.literal(true), data: z.object({ sectors: z.array(Sector) }) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/sectors/:sectorId',
    tag: 'sectors',
    access: 'none',
    summary: 'One sector',
    params: z.object({ sectorId: IntId }),
    response: z.object({ success: z.literal(true), data: z.object({ sector: Sector }) }),
  }),
  setMine: defineRoute({
    method: 'PATCH',
    path: '/api/sectors/me',
    tag: 'sectors',
    access: 'user',
    permission: 'sector.change',
    summary:
      "Set the active organisation's sector (owners); a member without an organisation names one, and it is created",
    body: z.strictObject({ sectorId: IntId, organisationName: OrganisationName.optional() }),
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ user: User, token: z.string().optional() }),
    }),
  }),
} as const;
