import { MESSAGES, type Report, TIERS } from '@insightra/contract';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useSession } from '../../../lib/session/session-context';
import { reportsQuery } from '../api/reports';

/**
 * A link to one report tab, `/dashboard?report={id}` (subscription e-mails send it), followed once. The
 * parameter leaves the address at once, so neither a reload nor a switch of organisation follows it
 * again. Once every tier's tabs are known, `open` gets the tab with that id; when the organisation has
 * none, a notice says so. `opening` holds until then.
 */
export function useReportLink(open: (report: Report) => void) {
  const [params, setParams] = useSearchParams();
  const [linked, setLinked] = useState(() => params.get('report'));
  const viewer = useSession().user;
  const toast = useToast();
  const lists = useQueries({
    queries: linked === null ? [] : TIERS.map((tier) => reportsQuery(viewer, tier)),
  });
  const settled = lists.every((list) => !list.isPending);

  useEffect(() => {
    if (!params.has('report')) return;
    const rest = new URLSearchParams(params);
    rest.delete('report');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const follow = useEffectEvent(() => {
    setLinked(null);
    const report = lists.flatMap((list) => list.data ?? []).find((r) => String(r.id) === linked);
    if (report) open(report);
    // A tier that could not be read may hold it: the dashboard opens as usual, without the notice.
    else if (!lists.some((list) => list.isError)) toast.info(MESSAGES.dashboard.linkedReportUnavailable);
  });
  useEffect(() => {
    if (linked !== null && settled) follow();
  }, [linked, settled]);

  return { opening: linked !== null };
}
