import type { ReturnCondition, TripStatus } from '@bantay/shared';
import { toCsv, type CsvCell } from '../../lib/csv.ts';
import { formatInZone } from '../../lib/time-zone.ts';
import type { ResourceReport } from './report.service.ts';

/** The resources audit report laid out as tables, shared by its CSV and its PDF. */
const CONDITION_LABELS: Record<ReturnCondition, string> = { good: 'Good', damaged: 'Damaged', lost: 'Lost' };
const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The report's tables as rows of cells: the CSV writes them as they are, the PDF lays them out. */
export function reportTables(report: ResourceReport): { title: string; header: string[]; rows: CsvCell[][] }[] {
  const at = (date: Date | null) => (date ? formatInZone(report.timeZone, date) : '');
  const totals = report.totals;
  return [
    {
      title: 'Totals',
      header: [
        'Loans',
        'Units lent',
        'Returns',
        'Returned good',
        'Returned damaged',
        'Returned lost',
        'Overdue',
        'Trips',
        'Completed trips',
        'Distance (km)',
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
      title: 'Per item',
      header: [
        'Item',
        'Category',
        'Loans',
        'Units lent',
        'Returned good',
        'Returned damaged',
        'Returned lost',
        'Overdue',
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
      title: 'Per vehicle',
      header: ['Vehicle', 'Plate', 'Trips', 'Completed', 'Distance (km)'],
      rows: report.byVehicle.map((row) => [row.vehicle, row.plate, row.trips, row.completed, row.distance]),
    },
    {
      title: 'Per tanod',
      header: ['Tanod', 'Loans', 'Units', 'Overdue', 'Trips', 'Distance (km)'],
      rows: report.byTanod.map((row) => [row.tanod, row.loans, row.units, row.overdue, row.trips, row.distance]),
    },
    {
      title: 'Loans',
      header: ['Borrowed', 'Item', 'Tanod', 'Qty', 'Due', 'Returned', 'Condition'],
      rows: report.loans.map((line) => [
        at(line.borrowedAt),
        line.item,
        line.tanod,
        line.quantity,
        at(line.dueAt),
        at(line.returnedAt),
        line.condition ? CONDITION_LABELS[line.condition] : '',
      ]),
    },
    {
      title: 'Returns',
      header: ['Returned', 'Item', 'Tanod', 'Qty', 'Condition', 'Borrowed'],
      rows: report.returns.map((line) => [
        at(line.returnedAt),
        line.item,
        line.tanod,
        line.quantity,
        line.condition ? CONDITION_LABELS[line.condition] : '',
        at(line.borrowedAt),
      ]),
    },
    {
      title: 'Overdue items',
      header: ['Due', 'Item', 'Tanod', 'Qty', 'Returned'],
      rows: report.overdue.map((line) => [
        at(line.dueAt),
        line.item,
        line.tanod,
        line.quantity,
        line.returnedAt ? at(line.returnedAt) : 'Not yet',
      ]),
    },
    {
      title: 'Trips',
      header: [
        'Starts',
        'Vehicle',
        'Driver',
        'Purpose',
        'Destination',
        'Status',
        'Start km',
        'End km',
        'Distance (km)',
      ],
      rows: report.trips.map((line) => [
        at(line.startsAt),
        `${line.vehicle} (${line.plate})`,
        line.driver,
        line.purpose,
        line.destination,
        TRIP_STATUS_LABELS[line.status],
        line.startOdometer,
        line.endOdometer,
        line.distance,
      ]),
    },
  ];
}

export function reportCsv(report: ResourceReport): string {
  const rows: CsvCell[][] = [
    ['Equipment and vehicle audit report'],
    ['Barangay', report.barangay.name],
    ['Period', report.from, report.to],
    ['Generated at', `${formatInZone(report.timeZone, report.generatedAt)} (${report.timeZone})`],
  ];
  for (const table of reportTables(report)) rows.push([], [table.title], table.header, ...table.rows);
  return toCsv(rows);
}
