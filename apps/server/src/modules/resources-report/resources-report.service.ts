import { msg } from '@lingui/core/macro';
import {
  INVENTORY_CATEGORY_LABELS,
  isAdminLike,
  RESOURCE_LIMITS,
  type ReturnCondition,
  type TripStatus,
  type resourceReportQuerySchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { getPublicSettings } from '../settings/index.ts';
import { findPeople } from '../users/index.ts';
import {
  loansBorrowedBetween,
  loansOverdueBetween,
  loansReturnedBetween,
  tripsStartingBetween,
  type ReportLoanRow,
} from './resources-report.repository.ts';
import { renderReportPdf } from './resources-report-pdf.ts';
import { reportCsv, reportTables } from './resources-report-tables.ts';

type ReportQuery = z.output<typeof resourceReportQuerySchema>;

interface LoanLine {
  item: string;
  category: string;
  tanod: string;
  quantity: number;
  borrowedAt: Date;
  dueAt: Date;
  returnedAt: Date | null;
  condition: ReturnCondition | null;
}

interface TripLine {
  vehicle: string;
  plate: string;
  driver: string;
  purpose: string;
  destination: string;
  startsAt: Date;
  endsAt: Date;
  status: TripStatus;
  startOdometer: number;
  endOdometer: number | null;
  distance: number | null;
}

interface ItemSummary {
  item: string;
  category: string;
  loans: number;
  units: number;
  good: number;
  damaged: number;
  lost: number;
  overdue: number;
}

interface VehicleSummary {
  vehicle: string;
  plate: string;
  trips: number;
  completed: number;
  distance: number;
}

interface TanodSummary {
  tanod: string;
  loans: number;
  units: number;
  overdue: number;
  trips: number;
  distance: number;
}

interface ReportTotals {
  loans: number;
  units: number;
  returns: number;
  good: number;
  damaged: number;
  lost: number;
  overdue: number;
  trips: number;
  completedTrips: number;
  distance: number;
}

/** Everything one audit report shows, in the order the PDF and the CSV show it. */
export interface ResourceReport {
  barangay: { name: string; abbreviation: string; logo: string | null };
  from: string;
  to: string;
  timeZone: string;
  generatedAt: Date;
  totals: ReportTotals;
  byItem: ItemSummary[];
  byVehicle: VehicleSummary[];
  byTanod: TanodSummary[];
  loans: LoanLine[];
  returns: LoanLine[];
  overdue: LoanLine[];
  trips: TripLine[];
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

function tally<K, V>(map: Map<K, V>, key: K, create: () => V): V {
  let value = map.get(key);
  if (!value) {
    value = create();
    map.set(key, value);
  }
  return value;
}

const byName =
  <T>(name: (value: T) => string) =>
  (a: T, b: T) =>
    name(a).localeCompare(name(b));

/** Collects the period's loans, returns, overdue items and trips, with the per-item, vehicle and tanod tallies. */
async function buildResourceReport(deps: AppDeps, query: ReportQuery): Promise<ResourceReport> {
  const settings = await getPublicSettings(deps);
  const timeZone = settings.timezone;
  const start = startOfDayIn(timeZone, query.from);
  const end = startOfDayIn(timeZone, nextDay(query.to));
  const now = deps.clock.now();
  const [borrowed, returned, overdueRows, tripRows] = await Promise.all([
    loansBorrowedBetween(deps.db, start, end),
    loansReturnedBetween(deps.db, start, end),
    loansOverdueBetween(deps.db, start, end, now),
    tripsStartingBetween(deps.db, start, end),
  ]);
  const people = await findPeople(deps.db, [
    ...[...borrowed, ...returned, ...overdueRows].map(({ loan }) => loan.borrowerId),
    ...tripRows.map(({ trip }) => trip.requesterId),
  ]);
  const nameOf = (id: string) => {
    const person = people.get(id);
    return person ? `${person.firstName} ${person.lastName}` : 'Unknown user';
  };
  const loanLine = ({ loan, item }: ReportLoanRow): LoanLine => ({
    item: item.name,
    category: INVENTORY_CATEGORY_LABELS[item.category],
    tanod: nameOf(loan.borrowerId),
    quantity: loan.quantity,
    borrowedAt: loan.borrowedAt,
    dueAt: loan.dueAt,
    returnedAt: loan.returnedAt,
    condition: loan.returnCondition,
  });
  const loans = borrowed.map(loanLine);
  const returns = returned.map(loanLine);
  const overdue = overdueRows.map(loanLine);
  const trips: TripLine[] = tripRows.map(({ trip, vehicle }) => ({
    vehicle: vehicle.name,
    plate: vehicle.plate,
    driver: nameOf(trip.requesterId),
    purpose: trip.purpose,
    destination: trip.destination,
    startsAt: trip.startsAt,
    endsAt: trip.endsAt,
    status: trip.status,
    startOdometer: trip.startOdometer,
    endOdometer: trip.endOdometer,
    distance: trip.status === 'completed' && trip.endOdometer !== null ? trip.endOdometer - trip.startOdometer : null,
  }));

  const items = new Map<string, ItemSummary>();
  const item = (line: LoanLine) =>
    tally(items, line.item, () => ({
      item: line.item,
      category: line.category,
      loans: 0,
      units: 0,
      good: 0,
      damaged: 0,
      lost: 0,
      overdue: 0,
    }));
  const tanods = new Map<string, TanodSummary>();
  const tanod = (name: string) =>
    tally(tanods, name, () => ({ tanod: name, loans: 0, units: 0, overdue: 0, trips: 0, distance: 0 }));
  const vehicleTally = new Map<string, VehicleSummary>();
  for (const line of loans) {
    item(line).loans += 1;
    item(line).units += line.quantity;
    tanod(line.tanod).loans += 1;
    tanod(line.tanod).units += line.quantity;
  }
  for (const line of returns) if (line.condition) item(line)[line.condition] += line.quantity;
  for (const line of overdue) {
    item(line).overdue += 1;
    tanod(line.tanod).overdue += 1;
  }
  for (const line of trips) {
    const vehicle = tally(vehicleTally, line.plate, () => ({
      vehicle: line.vehicle,
      plate: line.plate,
      trips: 0,
      completed: 0,
      distance: 0,
    }));
    vehicle.trips += 1;
    tanod(line.driver).trips += 1;
    if (line.distance !== null) {
      vehicle.completed += 1;
      vehicle.distance += line.distance;
      tanod(line.driver).distance += line.distance;
    }
  }
  const sum = <T>(rows: T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);
  const conditionUnits = (condition: ReturnCondition) =>
    sum(
      returns.filter((line) => line.condition === condition),
      (line) => line.quantity,
    );
  return {
    barangay: { name: settings.name, abbreviation: settings.abbreviation, logo: settings.logo },
    from: query.from,
    to: query.to,
    timeZone,
    generatedAt: now,
    totals: {
      loans: loans.length,
      units: sum(loans, (line) => line.quantity),
      returns: returns.length,
      good: conditionUnits('good'),
      damaged: conditionUnits('damaged'),
      lost: conditionUnits('lost'),
      overdue: overdue.length,
      trips: trips.length,
      completedTrips: trips.filter((line) => line.distance !== null).length,
      distance: sum(trips, (line) => line.distance ?? 0),
    },
    byItem: [...items.values()].sort(byName((row) => row.item)),
    byVehicle: [...vehicleTally.values()].sort(byName((row) => row.vehicle)),
    byTanod: [...tanods.values()].sort(byName((row) => row.tanod)),
    loans,
    returns,
    overdue,
    trips,
  };
}

/** `GET /api/resources/report` (admin): the audit report of a period as PDF or CSV. */
export async function generateResourceReport(deps: AppDeps, actor: Actor, query: ReportQuery): Promise<ReportFile> {
  // Admins (and supadmins) manage the equipment and vehicles, so they alone read their audit.
  if (!isAdminLike(actor.userType)) throw forbidden();
  const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
  if (days > RESOURCE_LIMITS.reportMaxDays) {
    const max = RESOURCE_LIMITS.reportMaxDays;
    throw new AppError('VALIDATION_FAILED', msg`to: The period can be at most ${max} days`, {
      fields: [{ field: 'to', message: msg`The period can be at most ${max} days` }],
    });
  }
  const report = await buildResourceReport(deps, query);
  const baseName = `resources-report-${query.from}-to-${query.to}`;
  if (query.format === 'csv')
    return { fileName: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', body: reportCsv(report) };
  return {
    fileName: `${baseName}.pdf`,
    contentType: 'application/pdf',
    body: await renderReportPdf(report, reportTables(report), deps.files),
  };
}
