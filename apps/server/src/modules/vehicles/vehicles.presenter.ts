import type { Trip, Vehicle, VehicleStatus } from '@bantay/shared';
import type { TripRow, VehicleRow } from '../../db/schema/index.ts';
import { personOf, type People } from '../users/index.ts';

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
    drivers: driverIds.map((id) => personOf(people, id)).sort((a, b) => a.firstName.localeCompare(b.firstName)),
    image: vehicle.image,
    createdAt: vehicle.createdAt.toISOString(),
    updatedAt: vehicle.updatedAt.toISOString(),
  };
}

export function presentTrip(trip: TripRow, vehicle: Pick<VehicleRow, 'id' | 'name' | 'plate'>, people: People): Trip {
  return {
    _id: trip.id,
    vehicle: { _id: vehicle.id, name: vehicle.name, plate: vehicle.plate },
    driver: personOf(people, trip.requesterId),
    purpose: trip.purpose,
    destination: trip.destination,
    destinationPoint: trip.destinationLat !== null && trip.destinationLng !== null ? { lat: trip.destinationLat, lng: trip.destinationLng } : null,
    startsAt: trip.startsAt.toISOString(),
    endsAt: trip.endsAt.toISOString(),
    startOdometer: trip.startOdometer,
    endOdometer: trip.endOdometer,
    distance: trip.endOdometer === null ? null : trip.endOdometer - trip.startOdometer,
    status: trip.status,
    decidedBy: trip.decidedById ? personOf(people, trip.decidedById) : null,
    decidedAt: trip.decidedAt?.toISOString() ?? null,
    rejectionReason: trip.rejectionReason,
    endedAt: trip.endedAt?.toISOString() ?? null,
    condition: trip.condition,
    notes: trip.notes,
    createdAt: trip.createdAt.toISOString(),
    updatedAt: trip.updatedAt.toISOString(),
  };
}
