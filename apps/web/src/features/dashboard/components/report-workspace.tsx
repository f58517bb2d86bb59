import { type EmbedTokenResponse, MESSAGES, type Report, type Tier } from '@insightra/contract';
import { ExternalLink, LayoutDashboard, Plus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { ExportMenu } from '../../../components/exports/export-menu';
import { usePermittedControl } from '../../../components/organisation/permitted-control';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { frameUrlOf } from '../../../lib/embed/frame-target';
import { useReportActions } from '../hooks/use-report-actions';
import { useSelectedTab } from '../hooks/use-selected-tab';
import { AddReportModal } from './add-report-modal';
import { DeleteReportModal } from './delete-report-modal';
import { LazyPowerBiReportFrame } from './powerbi';
import { ReportTabs } from './report-tabs';

export interface ReportWorkspaceProps {
  tier: Tier;
  reports: Report[];
  token: EmbedTokenResponse | undefined;
  undocked: boolean;
  onDock: () => void;
  /** Opens `url` in the separate window; false when the browser blocked it. */
  onUndock: (url: string) => boolean;
  onPopupBlocked: () => void;
}

const PANEL_ID = 'report-panel';

/** The tier's tabs, the selected report's frame (or where it went when undocked) and the tab modals. */
export function ReportWorkspace({
  tier,
  reports,
  token,
  undocked,
  onDock,
  onUndock,
  onPopupBlocked,
}: ReportWorkspaceProps) {
  const { selected, select, clearIf } = useSelectedTab(tier, reports);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Report | null>(null);
  const actions = useReportActions(
    (created) => {
      if (created.tier === tier) select(created);
      setAdding(false);
    },
    (deleted) => clearIf(deleted.id),
  );
  const embed = selected ? token?.reports.find((r) => r.id === selected.id) : undefined;
  // A built-in frame is told its tab, for its charts' downloads; Power BI's URL is Power BI's own.
  const target = selected
    ? ({ kind: 'report', id: selected.id, name: selected.report_type } as const)
    : undefined;
  const frameUrl =
    embed && target && (token?.provider === 'powerbi' ? embed.embedUrl : frameUrlOf(embed.embedUrl, target));
  const manage = usePermittedControl('reports.manage');

  const modals = (
    <>
      <AddReportModal
        open={adding}
        tier={tier}
        saving={actions.saving}
        onClose={() => setAdding(false)}
        onSave={actions.add}
      />
      <DeleteReportModal
        report={toDelete}
        deleting={actions.deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={async (report) => {
          if (await actions.remove(report)) setToDelete(null);
        }}
      />
    </>
  );

  if (reports.length === 0) {
    return (
      <>
        <EmptyState
          icon={<LayoutDashboard className="size-10" />}
          message={MESSAGES.dashboard.noReports}
          action={
            <>
              <Button
                icon={<Plus aria-hidden="true" className="size-4" />}
                onClick={() => setAdding(true)}
                {...manage.props}
              >
                Create Report
              </Button>
              {manage.note}
            </>
          }
        />
        {modals}
      </>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ReportTabs
        reports={reports}
        selectedId={selected?.id ?? null}
        onSelect={select}
        onAdd={() => setAdding(true)}
        onDelete={setToDelete}
        panelId={PANEL_ID}
        actions={
          <div className="mb-1 flex shrink-0 items-center gap-1">
            {target && <ExportMenu target={target} />}
            <Button
              variant="ghost"
              size="sm"
              aria-pressed={undocked}
              disabled={!embed && !undocked}
              icon={<ExternalLink aria-hidden="true" className="size-4" />}
              onClick={() => {
                if (undocked) onDock();
                else if (frameUrl && !onUndock(frameUrl)) onPopupBlocked();
              }}
            >
              <span className="sr-only sm:not-sr-only">{undocked ? 'Dock' : 'Undock'}</span>
            </Button>
          </div>
        }
      />
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={selected ? `report-tab-${selected.id}` : undefined}
        className="relative min-h-[24rem] flex-1 overflow-hidden mt-2 rounded-[var(--radius-card)] border border-line bg-surface"
      >
        {undocked ? (
          <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center">
            <ExternalLink aria-hidden="true" className="size-8 text-brand" />
            <p className="text-ink">This report is open in a separate window.</p>
            <Button variant="secondary" onClick={onDock}>
              Dock report
            </Button>
          </div>
        ) : embed && token?.provider === 'powerbi' ? (
          <Suspense fallback={<Spinner text="Loading report..." className="h-full" />}>
            <LazyPowerBiReportFrame key={embed.id} report={embed} tokenResponse={token} />
          </Suspense>
        ) : embed ? (
          <iframe
            key={embed.id}
            src={frameUrl}
            title={`${selected?.report_type} report`}
            className="absolute inset-0 h-full w-full border-0"
          />
        ) : (
          <div className="flex h-full items-center justify-center p-6 text-muted">
            Preparing the report...
          </div>
        )}
      </div>
      {modals}
    </div>
  );
}
