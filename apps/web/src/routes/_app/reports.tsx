import { createFileRoute } from '@tanstack/react-router';
import { ReportsPage } from '../../features/reports/ReportsPage';
import { reportSearchOf, type ReportUrlSearch } from '../../features/reports/queries';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);
const id = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** /reports (SPEC §2.2; decision 0047): the filters live in the URL, so a view can be shared or reloaded. */
export const Route = createFileRoute('/_app/reports')({
  // Every key is returned: TanStack merges the validated search over the raw one.
  validateSearch: (search: Record<string, unknown>): ReportUrlSearch => ({
    from: day(search.from),
    to: day(search.to),
    groupBy: typeof search.groupBy === 'string' ? search.groupBy : undefined,
    buildingId: id(search.buildingId),
    permitTypeId: id(search.permitTypeId),
  }),
  component: Reports,
});

function Reports() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsPage
      search={reportSearchOf(search)}
      onChange={(next) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })}
    />
  );
}
