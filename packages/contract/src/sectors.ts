import { z } from 'zod';
import { defineRoute, IntId } from './http';
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
    summary: "Set the signed-in user's sector",
    body: z.strictObject({ sectorId: IntId }),
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      data: z.object({ user: User, token: z.string().optional() }),
    }),
  }),
} as const;
