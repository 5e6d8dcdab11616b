import { entities, keys } from '@functions/platform/keys';

/** The test-only Cēsu Flote's one report: the authorization matrix names it as another company's report id. */
export const fleetReportId = '1767225600000-f1ee7000';

/** A report that failed (so it needs no file): its id exists, for Cēsu Flote only. */
export function fleetReportItem(companyId: string): Record<string, unknown> {
  return {
    ...keys.report(companyId, fleetReportId),
    entity: entities.report,
    companyId,
    reportId: fleetReportId,
    type: 'card_statuses',
    dateFrom: '2026-01-01',
    dateTo: '2026-01-01',
    lang: 'en',
    status: 'generation_failed',
    requestedBy: 'seed',
    requestedByEmail: 'fleet-owner@test.local',
    created: new Date(Number(fleetReportId.slice(0, 13))).toISOString(),
    rows: null,
  };
}
