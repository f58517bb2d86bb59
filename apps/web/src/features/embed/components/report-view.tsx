import type { EmbedReportData } from '@insightra/contract';
import { EnrolmentTrendReport } from '../templates/enrolment-trend-report';
import { GradesByGenderReport } from '../templates/grades-by-gender-report';
import { ProjectSubmissionsReport } from '../templates/project-submissions-report';
import { ScoreDistributionReport } from '../templates/score-distribution-report';
import { SectorOverviewReport } from '../templates/sector-overview-report';

/** Draws one of Education's built-in templates from its data (null for other sectors' templates). */
export function ReportView({ data }: { data: EmbedReportData | null }) {
  if (!data) return null;
  switch (data.template) {
    case 'grades-by-gender':
      return <GradesByGenderReport rows={data.rows} />;
    case 'project-submissions':
      return <ProjectSubmissionsReport rows={data.rows} />;
    case 'score-distribution':
      return (
        <ScoreDistributionReport rows={data.rows} averageScore={data.averageScore} scored={data.scored} />
      );
    case 'enrolment-trend':
      return <EnrolmentTrendReport rows={data.rows} />;
    case 'sector-overview':
      return <SectorOverviewReport data={data} />;
  }
}
