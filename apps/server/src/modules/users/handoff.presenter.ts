import type { StaffHandoff } from '@bantay/shared';
import type { countShiftsNotOverOf, findInProgressIncidentOf, listOpenLoansOf, listShiftsNotOverOf } from './handoff.repository.ts';

interface HandoffRows {
  incident: Awaited<ReturnType<typeof findInProgressIncidentOf>>;
  openLoans: Awaited<ReturnType<typeof listOpenLoansOf>>;
  shifts: Awaited<ReturnType<typeof listShiftsNotOverOf>>;
  shiftCount: Awaited<ReturnType<typeof countShiftsNotOverOf>>;
}

/** The deactivation dialog's lists (handoff.service.ts). */
export function presentHandoff({ incident, openLoans, shifts, shiftCount }: HandoffRows, now: Date): StaffHandoff {
  return {
    activeIncident: incident
      ? {
          _id: incident.id,
          ticket: incident.ticket,
          type: incident.type,
          classification: incident.classification,
          place: incident.landmark ?? incident.address ?? null,
          respondedAt: incident.respondedAt?.toISOString() ?? null,
        }
      : null,
    openLoans: openLoans.map((loan) => ({
      _id: loan.id,
      itemName: loan.itemName,
      quantity: loan.quantity,
      borrowedAt: loan.borrowedAt.toISOString(),
      dueAt: loan.dueAt.toISOString(),
      overdue: loan.dueAt < now,
    })),
    futureShifts: shifts.map((shift) => ({
      _id: shift.id,
      code: shift.code,
      shift: shift.shift,
      startsAt: shift.startsAt.toISOString(),
      endsAt: shift.endsAt.toISOString(),
      areaName: shift.areaName,
      isLeader: shift.isLeader,
      ongoing: shift.startsAt <= now,
      otherMembers: Number(shift.otherMembers),
    })),
    futureShiftCount: shiftCount,
  };
}
