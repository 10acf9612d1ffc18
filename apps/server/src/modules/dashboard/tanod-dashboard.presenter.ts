import type { DashboardIncident, DashboardLoan } from '@bantay/shared';
import type { NearbyIncidentRow, OpenLoanRow } from './tanod-dashboard.repository.ts';

export function presentDashboardIncident({ incident, distance }: NearbyIncidentRow): DashboardIncident {
  return {
    _id: incident.id,
    ticket: incident.ticket,
    type: incident.type,
    classification: incident.classification,
    status: incident.status,
    reportedAt: incident.createdAt.toISOString(),
    address: incident.address,
    landmark: incident.landmark,
    location: { lat: incident.lat, lng: incident.lng },
    distanceMeters: distance === null ? null : Math.round(distance),
  };
}

export function presentDashboardLoan({ loan, item }: OpenLoanRow, now: Date): DashboardLoan {
  return {
    _id: loan.id,
    item: { _id: item.id, name: item.name, category: item.category, image: item.image },
    quantity: loan.quantity,
    borrowedAt: loan.borrowedAt.toISOString(),
    dueAt: loan.dueAt.toISOString(),
    isOverdue: loan.dueAt < now,
  };
}
