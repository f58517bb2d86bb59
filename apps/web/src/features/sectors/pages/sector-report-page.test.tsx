import { EMBED_MESSAGES, SECTOR_OVERVIEW_UUID, sectorDeclaration, sectorOverview } from '@insightra/contract';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../../../test/downloads';
import { signIn, testUser } from '../../../test/fixtures';
import { json, mockApi, renderRoute } from '../../../test/render';

configure({ asyncUtilTimeout: 5000 });

const user = testUser();

describe('SectorReportPage', () => {
  it('embeds the sector’s report full size, with its Export menu and Back to Dashboard', async () => {
    signIn(user);
    const saved = catchDownloads();
    const { calls } = mockApi({
      'GET /api/auth/me': () => json({ success: true, data: { user } }),
      'GET /api/sectors/real-estate/export': () =>
        new Response('%PDF', {
          headers: { 'content-disposition': 'attachment; filename="Real-Estate 2026-05-12.pdf"' },
        }),
      'GET /api/powerbi/sector-token/real-estate': () =>
        json({
          success: true,
          tier: 'Beta',
          provider: 'builtin',
          embedMode: 'embed-token',
          accessToken: 't',
          tokenId: 'i',
          expiration: new Date(Date.now() + 1_800_000).toISOString(),
          reports: [
            {
              id: 0,
              report_uuid: SECTOR_OVERVIEW_UUID,
              report_type: 'Real-Estate Overview',
              embedUrl: `/embed/${SECTOR_OVERVIEW_UUID}`,
              available: true,
            },
          ],
        }),
    });
    const { user: u, router } = renderRoute('/real-estate');
    expect(await screen.findByRole('heading', { name: 'Real-Estate report' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Real-Estate Overview report');
    // The frame is told its sector (for its charts' downloads), never a token.
    expect(frame).toHaveAttribute('src', `/embed/${SECTOR_OVERVIEW_UUID}?sector=real-estate`);
    expect(frame.getAttribute('src')).not.toMatch(/token|#/);
    expect(calls.some((c) => c.path === '/api/powerbi/sector-token/real-estate')).toBe(true);

    // Its Export menu saves the sector's report; a sector page is no report tab to subscribe to.
    await u.click(screen.getByRole('button', { name: 'Export' }));
    const items = within(screen.getByRole('menu', { name: 'Export Real-Estate report' })).getAllByRole(
      'menuitem',
    );
    expect(items.map((i) => i.textContent)).toEqual(['PDF', 'Excel (XLSX)']);
    await u.click(items[0]!);
    await waitFor(() => expect(saved).toEqual(['Real-Estate 2026-05-12.pdf']));
    expect(calls.find((c) => c.path === '/api/sectors/real-estate/export')).toBeDefined();

    await u.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the hotels overview the server chose and hands the frame its token', async () => {
    signIn(user);
    const overview = sectorOverview(sectorDeclaration('hotels'));
    const { calls } = mockApi({
      'GET /api/auth/me': () => json({ success: true, data: { user } }),
      'GET /api/powerbi/sector-token/hotels': () =>
        json({
          success: true,
          tier: 'Beta',
          provider: 'builtin',
          embedMode: 'embed-token',
          accessToken: 'sector-token',
          tokenId: 'i',
          expiration: new Date(Date.now() + 1_800_000).toISOString(),
          reports: [
            {
              id: 0,
              report_uuid: overview.uuid,
              report_type: overview.name,
              embedUrl: `/embed/${overview.uuid}`,
              available: true,
            },
          ],
        }),
    });
    renderRoute('/hotels');
    expect(await screen.findByRole('heading', { name: 'Hotels report' })).toBeInTheDocument();
    const frame = (await screen.findByTitle(`${overview.name} report`)) as HTMLIFrameElement;
    expect(frame).toHaveAttribute('src', `/embed/${overview.uuid}?sector=hotels`);
    expect(calls.some((c) => c.path === '/api/powerbi/sector-token/hotels')).toBe(true);

    // The frame says it is ready; the page answers with the sector token, by message only.
    const answer = vi.spyOn(window, 'postMessage').mockImplementation(() => {});
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: EMBED_MESSAGES.ready },
          origin: window.location.origin,
          source: window,
        }),
      );
    });
    expect(answer).toHaveBeenCalledWith(
      { type: EMBED_MESSAGES.token, token: 'sector-token' },
      window.location.origin,
    );
  });
});
