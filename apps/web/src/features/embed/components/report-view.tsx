import type { EmbedReportData } from '@insightra/contract';
import { EnrolmentTrendReport } from '../templates/enrolment-trend-report';
import { GradesByGenderReport } from '../templates/grades-by-gender-report';
import { ProjectSubmissionsReport } from '../templates/project-submissions-report';
import { ScoreDistributionReport } from '../templates/score-distribution-report';
import { SectorOverviewReport } from '../templates/sector-overview-report';

/** Draws one built-in template from its data. */
export function ReportView({ data }: { data: EmbedReportData }) {
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
