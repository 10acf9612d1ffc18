import type { AppDeps } from '../../deps.ts';
import type { IncidentRow, UserRow } from '../../db/schema/index.ts';
import type { AfterCommit, Tx } from '../../db/transaction.ts';
import type { Actor } from '../../http/actor.ts';

/**
 * What a change to a staff account sets off in the modules above users, in the change's own
 * transaction. users declares the shape and the composition root fills it (deps.ts, `links`), so
 * users imports none of them: auth, password-reset and incidents all read accounts through users'
 * door, and importing them back would close a circle (docs/architecture.md, "The dependency rule").
 */
export interface StaffAccountEffects {
  /** Ends every live session of the account (auth's sessions); returns their ids. */
  endSessions(tx: Tx, userId: string, now: Date): Promise<string[]>;
  /** Writes the single-use set-your-password link (password-reset); whether one was written. */
  sendPasswordSetupLink(deps: AppDeps, tx: Tx, afterCommit: AfterCommit, user: UserRow): Promise<boolean>;
  /** A deactivated tanod's in-progress incident goes back to the queue (incidents); the incident, if any. */
  returnIncidentOfDeactivated(
    deps: AppDeps,
    tx: Tx,
    afterCommit: AfterCommit,
    input: { tanod: Pick<UserRow, 'id' | 'firstName' | 'lastName'>; actor: Actor; now: Date },
  ): Promise<IncidentRow | undefined>;
  /** A deactivated account's calendar feed stops (calendar-feeds): its address answers 404. */
  endCalendarFeed(tx: Tx, userId: string): Promise<void>;
}
