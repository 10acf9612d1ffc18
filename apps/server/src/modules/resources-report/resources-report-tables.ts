import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { ReturnCondition, TripStatus } from '@bantay/shared';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import { currentLocale, translate } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { ResourceReport } from './resources-report.service.ts';

/**
 * The resources audit report laid out as tables, shared by its CSV and its PDF, in the request's
 * language (decision 029): titles, columns, the condition and status words and the dates.
 */
const CONDITION_LABELS: Record<ReturnCondition, MessageDescriptor> = { good: msg`Good`, damaged: msg`Damaged`, lost: msg`Lost` };
const TRIP_STATUS_LABELS: Record<TripStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
};

/** The report's tables as rows of cells: the CSV writes them as they are, the PDF lays them out. */
export function reportTables(report: ResourceReport): { title: string; header: string[]; rows: CsvCell[][] }[] {
  const locale = currentLocale();
  const at = (date: Date | null) => (date ? formatInZone(report.timeZone, date, undefined, locale) : '');
  const totals = report.totals;
  return [
    {
      title: t`Totals`,
      header: [
        t`Loans`,
        t`Units lent`,
        t`Returns`,
        t`Returned good`,
        t`Returned damaged`,
        t`Returned lost`,
        t`Overdue`,
        t`Trips`,
        t`Completed trips`,
        t`Distance (km)`,
      ],
      rows: [
        [
          totals.loans,
          totals.units,
          totals.returns,
          totals.good,
          totals.damaged,
          totals.lost,
          totals.overdue,
          totals.trips,
          totals.completedTrips,
          totals.distance,
        ],
      ],
    },
    {
      title: t`Per item`,
      header: [
        t`Item`,
        t`Category`,
        t`Loans`,
        t`Units lent`,
        t`Returned good`,
        t`Returned damaged`,
        t`Returned lost`,
        t`Overdue`,
      ],
      rows: report.byItem.map((row) => [
        row.item,
        row.category,
        row.loans,
        row.units,
        row.good,
        row.damaged,
        row.lost,
        row.overdue,
      ]),
    },
    {
      title: t`Per vehicle`,
      header: [t`Vehicle`, t`Plate`, t`Trips`, t`Completed`, t`Distance (km)`],
      rows: report.byVehicle.map((row) => [row.vehicle, row.plate, row.trips, row.completed, row.distance]),
    },
    {
      title: t`Per tanod`,
      header: [t`Tanod`, t`Loans`, t`Units`, t`Overdue`, t`Trips`, t`Distance (km)`],
      rows: report.byTanod.map((row) => [row.tanod, row.loans, row.units, row.overdue, row.trips, row.distance]),
    },
    {
      title: t`Loans`,
      header: [t`Borrowed`, t`Item`, t`Tanod`, t`Qty`, t`Due`, t`Returned`, t`Condition`],
      rows: report.loans.map((line) => [
        at(line.borrowedAt),
        line.item,
        line.tanod,
        line.quantity,
        at(line.dueAt),
        at(line.returnedAt),
        line.condition ? translate(CONDITION_LABELS[line.condition]) : '',
      ]),
    },
    {
      title: t`Returns`,
      header: [t`Returned`, t`Item`, t`Tanod`, t`Qty`, t`Condition`, t`Borrowed`],
      rows: report.returns.map((line) => [
        at(line.returnedAt),
        line.item,
        line.tanod,
        line.quantity,
        line.condition ? translate(CONDITION_LABELS[line.condition]) : '',
        at(line.borrowedAt),
      ]),
    },
    {
      title: t`Overdue items`,
      header: [t`Due`, t`Item`, t`Tanod`, t`Qty`, t`Returned`],
      rows: report.overdue.map((line) => [
        at(line.dueAt),
        line.item,
        line.tanod,
        line.quantity,
        line.returnedAt ? at(line.returnedAt) : t`Not yet`,
      ]),
    },
    {
      title: t`Trips`,
      header: [
        t`Starts`,
        t`Vehicle`,
        t`Driver`,
        t`Purpose`,
        t`Destination`,
        t`Status`,
        t`Start km`,
        t`End km`,
        t`Distance (km)`,
      ],
      rows: report.trips.map((line) => [
        at(line.startsAt),
        `${line.vehicle} (${line.plate})`,
        line.driver,
        line.purpose,
        line.destination,
        translate(TRIP_STATUS_LABELS[line.status]),
        line.startOdometer,
        line.endOdometer,
        line.distance,
      ]),
    },
  ];
}

export function reportCsv(report: ResourceReport): string {
  const rows: CsvCell[][] = [
    [t`Equipment and vehicle audit report`],
    [t`Barangay`, report.barangay.name],
    [t`Period`, report.from, report.to],
    [t`Generated at`, `${formatInZone(report.timeZone, report.generatedAt, undefined, currentLocale())} (${report.timeZone})`],
  ];
  for (const table of reportTables(report)) rows.push([], [table.title], table.header, ...table.rows);
  return toCsv(rows);
}
