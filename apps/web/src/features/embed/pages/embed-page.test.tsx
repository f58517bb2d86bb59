import { EMBED_MESSAGES, sectorDeclaration, sectorOverview } from '@insightra/contract';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeCanvas } from '../../../components/charts/testing/fake-canvas';
import { json, mockApi, renderRoute } from '../../../test/render';
import { templateView } from '../testing/report-views';
import { statValue } from '../testing/stat-value';

// The route's lazy page and its queries can take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const UUID = '6f1c2a4e-9b3d-4c71-8e25-0a7d5b1f3c01';

/** This window plays the dashboard (the opener) that hands the frame its token. */
function asHost() {
  Object.defineProperty(window, 'opener', { value: window, configurable: true });
  return vi.spyOn(window, 'postMessage').mockImplementation(() => {});
}
function send(data: unknown) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin: window.location.origin, source: window }),
    );
  });
}

const gradesAnswer = (female: number) =>
  json({
    success: true,
    report: {
      uuid: UUID,
      template: 'grades-by-gender',
      name: 'Grades by Gender',
      description: 'Per grade.',
      sector: 'Education',
    },
    source: 'own',
    refreshedAt: '2026-01-01T10:00:00.000Z',
    rowCount: female,
    view: templateView(UUID, {
      kpis: { students: female + 1 },
      charts: { grades: { split: ['Female', 'Male'], points: [['A', female, 1]] } },
    }).view,
  });

beforeEach(() => installFakeCanvas());

describe('EmbedPage', () => {
  it('asks its host for the token, draws the report, and refetches on renewal and refresh', async () => {
    const postMessage = asHost();
    let female = 2;
    const { calls } = mockApi({ [`GET /api/embed/reports/${UUID}`]: () => gradesAnswer(female) });
    renderRoute(`/embed/${UUID}`);
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledWith({ type: EMBED_MESSAGES.ready }, window.location.origin),
    );
    send({ type: EMBED_MESSAGES.token, token: 'embed-1' });
    expect(await screen.findByRole('heading', { name: 'Grades by Gender' })).toBeInTheDocument();
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer embed-1');

    send({ type: EMBED_MESSAGES.token, token: 'embed-2' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(new Headers(calls[1]!.init.headers).get('authorization')).toBe('Bearer embed-2');

    female = 5;
    send({ type: EMBED_MESSAGES.refresh });
    await waitFor(() => expect(screen.getByText(/5 rows/)).toBeInTheDocument());
    // Messages from another origin are ignored.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: EMBED_MESSAGES.token, token: 'evil' },
          origin: 'https://evil.example',
          source: window,
        }),
      );
    });
    expect(calls.some((c) => new Headers(c.init.headers).get('authorization') === 'Bearer evil')).toBe(false);
  });

  it('says report not found for an unknown UUID', async () => {
    const postMessage = asHost();
    mockApi({
      'GET /api/embed/reports/nope': () => json({ success: false, message: 'Report not found' }, 404),
    });
    renderRoute('/embed/nope');
    await waitFor(() => expect(postMessage).toHaveBeenCalled());
    send({ type: EMBED_MESSAGES.token, token: 't' });
    expect(await screen.findByRole('heading', { name: 'Report not found' })).toBeInTheDocument();
  });

  it('says report not available for a report outside the token', async () => {
    const postMessage = asHost();
    mockApi({
      [`GET /api/embed/reports/${UUID}`]: () =>
        json({ success: false, message: 'Report not available' }, 404),
    });
    renderRoute(`/embed/${UUID}`);
    await waitFor(() => expect(postMessage).toHaveBeenCalled());
    send({ type: EMBED_MESSAGES.token, token: 't' });
    expect(await screen.findByRole('heading', { name: 'Report not available' })).toBeInTheDocument();
  });

  it('draws another sector’s overview over its demo data, and says so', async () => {
    const postMessage = asHost();
    const hotels = sectorOverview(sectorDeclaration('hotels'));
    mockApi({
      [`GET /api/embed/reports/${hotels.uuid}`]: () =>
        json({
          success: true,
          report: {
            uuid: hotels.uuid,
            template: hotels.key,
            name: hotels.name,
            description: hotels.description,
            sector: 'Hotels',
          },
          source: 'demo',
          refreshedAt: null,
          rowCount: 730,
          view: templateView(hotels.uuid, {
            kpis: { occupancy: 0.7, adr: 6000, revpar: 4200, room_revenue: 3_06_60_000 },
            charts: {
              occupancy: { points: [['2025-06', 0.7]] },
              revpar: { points: [['Seaview Goa', 4200]] },
            },
          }).view,
        }),
    });
    renderRoute(`/embed/${hotels.uuid}`);
    expect(await screen.findByRole('status', { name: 'Loading report...' })).toBeInTheDocument();
    await waitFor(() => expect(postMessage).toHaveBeenCalled());
    send({ type: EMBED_MESSAGES.token, token: 't' });
    expect(await screen.findByRole('heading', { name: hotels.name })).toBeInTheDocument();
    expect(screen.getByText('Demo data')).toBeInTheDocument();
    expect(screen.getByText(/Hotels sample · 730 rows/)).toBeInTheDocument();
    expect(statValue('Occupancy')).toBe('70.0%');
    expect(screen.getByRole('img', { name: 'Occupancy per month' })).toBeInTheDocument();
  });
});
