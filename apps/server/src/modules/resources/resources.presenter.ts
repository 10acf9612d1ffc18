import type { InventoryItem, Loan, LoanStatus, ResourcePerson, Trip, Vehicle, VehicleStatus } from '@bantay/shared';
import type { LoanRow, TripRow, VehicleRow } from '../../db/schema/index.ts';
import type { ItemWithStock } from './inventory.repository.ts';
import type { LoanWithItem } from './loans.repository.ts';

export type People = Map<string, ResourcePerson>;

const UNKNOWN_PERSON = (id: string): ResourcePerson => ({
  _id: id,
  firstName: 'Unknown',
  lastName: 'user',
  profilePicture: null,
});

function person(people: People, id: string): ResourcePerson {
  return people.get(id) ?? UNKNOWN_PERSON(id);
}

function optionalPerson(people: People, id: string | null): ResourcePerson | null {
  return id ? person(people, id) : null;
}

export function presentItem(item: ItemWithStock): InventoryItem {
  const available = Math.max(0, item.total - item.onLoan);
  return {
    _id: item.id,
    name: item.name,
    category: item.category,
    total: item.total,
    onLoan: item.onLoan,
    available,
    lowStockThreshold: item.lowStockThreshold,
    isLowStock: item.active && available <= item.lowStockThreshold,
    image: item.image,
    notes: item.notes,
    active: item.active,
    damagedReturns: item.damagedReturns,
    lostReturns: item.lostReturns,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

export function loanStatus(loan: Pick<LoanRow, 'returnedAt' | 'dueAt'>, now: Date): LoanStatus {
  if (loan.returnedAt) return 'returned';
  return loan.dueAt < now ? 'overdue' : 'open';
}

export function presentLoan({ loan, item }: LoanWithItem, people: People, now: Date): Loan {
  return {
    _id: loan.id,
    item: { _id: item.id, name: item.name, category: item.category, image: item.image },
    borrower: person(people, loan.borrowerId),
    quantity: loan.quantity,
    status: loanStatus(loan, now),
    borrowedAt: loan.borrowedAt.toISOString(),
    dueAt: loan.dueAt.toISOString(),
    returnedAt: loan.returnedAt?.toISOString() ?? null,
    returnCondition: loan.returnCondition,
    notes: loan.notes,
    returnNotes: loan.returnNotes,
    issuedBy: optionalPerson(people, loan.issuedById),
    receivedBy: optionalPerson(people, loan.receivedById),
    updatedAt: loan.updatedAt.toISOString(),
  };
}

export function peopleOfLoans(rows: LoanWithItem[]): (string | null)[] {
  return rows.flatMap(({ loan }) => [loan.borrowerId, loan.issuedById, loan.receivedById]);
}

/** A vehicle is in use while one of its approved trips has started (and is not completed). */
export function presentVehicle(vehicle: VehicleRow, driverIds: string[], people: People, isOnTrip: boolean): Vehicle {
  const status: VehicleStatus = vehicle.status === 'available' && isOnTrip ? 'in_use' : vehicle.status;
  return {
    _id: vehicle.id,
    name: vehicle.name,
    type: vehicle.type,
    plate: vehicle.plate,
    model: vehicle.model,
    year: vehicle.year,
    colour: vehicle.colour,
    odometer: vehicle.odometer,
    status,
    drivers: driverIds.map((id) => person(people, id)).sort((a, b) => a.firstName.localeCompare(b.firstName)),
    image: vehicle.image,
    createdAt: vehicle.createdAt.toISOString(),
    updatedAt: vehicle.updatedAt.toISOString(),
  };
}

export function presentTrip(trip: TripRow, vehicle: Pick<VehicleRow, 'id' | 'name' | 'plate'>, people: People): Trip {
  return {
    _id: trip.id,
    vehicle: { _id: vehicle.id, name: vehicle.name, plate: vehicle.plate },
    driver: person(people, trip.requesterId),
    purpose: trip.purpose,
    destination: trip.destination,
    destinationPoint: trip.destinationLat !== null && trip.destinationLng !== null ? { lat: trip.destinationLat, lng: trip.destinationLng } : null,
    startsAt: trip.startsAt.toISOString(),
    endsAt: trip.endsAt.toISOString(),
    startOdometer: trip.startOdometer,
    endOdometer: trip.endOdometer,
    distance: trip.endOdometer === null ? null : trip.endOdometer - trip.startOdometer,
    status: trip.status,
    decidedBy: optionalPerson(people, trip.decidedById),
    decidedAt: trip.decidedAt?.toISOString() ?? null,
    rejectionReason: trip.rejectionReason,
    endedAt: trip.endedAt?.toISOString() ?? null,
    condition: trip.condition,
    notes: trip.notes,
    createdAt: trip.createdAt.toISOString(),
    updatedAt: trip.updatedAt.toISOString(),
  };
}
