import type { App } from '../../src/app';
import type { BuiltinProvider } from '../../src/features/bi/builtin/provider';

/**
 * Starts Refresh Visuals for the signed-in member (`session`: their headers) and runs the built-in
 * provider's worker until the refresh ends; answers its final status ('completed' or 'failed').
 */
export async function refreshNow(app: App, session: Record<string, string>): Promise<string> {
  const worker = (app.bi as BuiltinProvider).worker;
  const { refreshId } = (
    await app.inject({ method: 'POST', url: '/api/powerbi/api/refresh-powerbi', headers: session })
  ).json();
  for (let i = 0; i < 50; i++) {
    const s = await app.inject({ url: `/api/powerbi/api/refresh-status/${refreshId}`, headers: session });
    if (s.json().isComplete) return s.json().status;
    await worker.tick();
  }
  throw new Error('refresh did not complete');
}
