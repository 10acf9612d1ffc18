import { Link } from 'wouter';
import { AlertTriangle, CalendarClock, Package, Siren } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StaffHandoff, StaffUser } from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { formatDateTime, formatRange } from '@/lib/zoned-time.ts';
import { useStaffHandoff } from './users-api.ts';
import { fullName } from '@/lib/full-name.ts';
import { incidentTypeLabel } from '@bantay/shared';

interface DeactivateDialogProps {
  user: StaffUser;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Deactivating a staff account, with what it leaves behind listed first (GET /api/users/{id}/handoff):
 * the incident that goes back to the queue, the equipment to receive and the shifts to reassign.
 * The lists are read when the dialog opens; if they cannot be, the admin may still deactivate.
 */
export function DeactivateDialog({ user, onConfirm, onCancel }: DeactivateDialogProps) {
  const { t } = useLingui();
  const handoff = useStaffHandoff(user._id);
  const timeZone = usePublicSettings().data?.timezone;
  const name = fullName(user);
  const firstName = user.firstName;
  return (
    <Modal title={t`Deactivate ${name}?`} onClose={onCancel} widthClass="max-w-lg">
      <div className="flex flex-col gap-4 text-sm" data-testid="deactivate-dialog">
        <p>
          <Trans>They are signed out at once and cannot sign in. Their history stays.</Trans>
        </p>
        {handoff.isPending ? (
          <p className="text-muted" role="status">
            <Trans>Checking what {firstName} holds…</Trans>
          </p>
        ) : handoff.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface-2 p-3">
            <span className="flex-1">
              <Trans>Could not check their incident, equipment and shifts.</Trans>
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => void handoff.refetch()}>
              <Trans>Retry</Trans>
            </button>
          </div>
        ) : (
          <HandoffLists handoff={handoff.data} firstName={firstName} timeZone={timeZone} />
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <button type="button" className="btn btn-secondary" onClick={onCancel} data-autofocus>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={handoff.isPending}>
            <Trans>Deactivate</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}

function Section({ icon: Icon, title, testId, children }: { icon: typeof Siren; title: string; testId: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid={testId}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Icon className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        {title}
      </h3>
      {children}
    </section>
  );
}

function HandoffLists({ handoff, firstName, timeZone }: { handoff: StaffHandoff; firstName: string; timeZone: string | undefined }) {
  const { t } = useLingui();
  const { activeIncident, openLoans, futureShifts, futureShiftCount } = handoff;
  if (!activeIncident && openLoans.length === 0 && futureShiftCount === 0) {
    return (
      <p className="text-muted">
        <Trans>{firstName} holds no incident, no equipment and no upcoming shift.</Trans>
      </p>
    );
  }
  const more = futureShiftCount - futureShifts.length;
  const loanCount = openLoans.length;
  const incidentType = activeIncident ? incidentTypeLabel(activeIncident.type) : '';
  const incidentPlace = activeIncident?.place;
  return (
    <div className="flex max-h-[55vh] flex-col gap-3 overflow-y-auto">
      {activeIncident && (
        <Section icon={Siren} title={t`Incident back to the queue`} testId="handoff-incident">
          <p>
            <span className="font-semibold">{activeIncident.ticket}</span>
            {activeIncident.classification === 'emergency' && (
              <span className="ml-2 rounded-full bg-danger-fill px-2 py-0.5 text-xs font-semibold text-white">
                <Trans>Emergency</Trans>
              </span>
            )}{' '}
            · {incidentPlace ? t`${incidentType} near ${incidentPlace}` : incidentType}
          </p>
          <p className="text-muted">
            <Trans>
              {firstName} is responding to it. It becomes pending again for another tanod to take, and the admins and on-duty tanods are
              told.
            </Trans>
          </p>
        </Section>
      )}
      {openLoans.length > 0 && (
        <Section icon={Package} title={t`Equipment to receive (${loanCount})`} testId="handoff-loans">
          <ul className="flex flex-col gap-1">
            {openLoans.map((loan) => {
              const due = formatDateTime(loan.dueAt, timeZone);
              return (
                <li key={loan._id} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="break-words">
                    {loan.itemName}
                    {loan.quantity > 1 ? ` × ${loan.quantity}` : ''}
                  </span>
                  <span className={loan.overdue ? 'font-semibold text-danger' : 'text-muted'}>
                    {loan.overdue ? t`Overdue since ${due}` : t`Due ${due}`}
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="text-muted">
            <Trans>
              The loans stay open until an admin receives them in{' '}
              <Link className="font-semibold text-brand-600 underline" to="/Resources?tab=loans">
                Resources → Loans
              </Link>
              .
            </Trans>
          </p>
        </Section>
      )}
      {futureShiftCount > 0 && (
        <Section icon={CalendarClock} title={t`Shifts to reassign (${futureShiftCount})`} testId="handoff-shifts">
          <ul className="flex flex-col gap-1.5">
            {futureShifts.map((shift) => {
              const others = shift.otherMembers;
              return (
                <li key={shift._id} className="flex flex-col">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <span className="font-semibold">{shift.code}</span>
                    <span>{shift.areaName}</span>
                    {shift.ongoing && (
                      <span className="rounded-full bg-brand-fill px-2 py-0.5 text-xs font-semibold text-white">
                        <Trans>On now</Trans>
                      </span>
                    )}
                    {shift.isLeader && (
                      <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold">
                        <Trans>Team leader</Trans>
                      </span>
                    )}
                  </span>
                  <span className="text-muted">
                    {formatRange(shift.startsAt, shift.endsAt, timeZone)}
                    {' · '}
                    {others === 0
                      ? t`no one else on it`
                      : t`${plural(others, { one: '# other member', other: '# other members' })}`}
                  </span>
                </li>
              );
            })}
          </ul>
          {more > 0 && <p className="text-muted">{t`…and ${plural(more, { one: '# more shift', other: '# more shifts' })}.`}</p>}
          {futureShifts.some((shift) => shift.otherMembers === 0 || shift.isLeader) && (
            <p className="flex items-start gap-2">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-danger" aria-hidden="true" />
              <span>
                <Trans>Some of these need a new member or team leader before they start.</Trans>
              </span>
            </p>
          )}
          <p className="text-muted">
            <Trans>
              {firstName} stays on them until an admin reassigns them in{' '}
              <Link className="font-semibold text-brand-600 underline" to="/ManagePatrolschedules">
                Manage Patrol Schedules
              </Link>
              .
            </Trans>
          </p>
        </Section>
      )}
    </div>
  );
}
