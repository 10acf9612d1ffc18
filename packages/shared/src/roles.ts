export const USER_TYPES = ['resident', 'tanod', 'admin', 'supadmin'] as const;
export type UserType = (typeof USER_TYPES)[number];

export function isStaff(userType: UserType | null | undefined): boolean {
  return userType === 'tanod' || userType === 'admin' || userType === 'supadmin';
}

/** Supadmin counts as admin for page access and chat (docs/product.md §A2, §6). */
export function isAdminLike(userType: UserType | null | undefined): boolean {
  return userType === 'admin' || userType === 'supadmin';
}

/**
 * Who may write to whom (docs/product.md §A5, docs/product.md §2): admins (and supadmins) write to tanods only;
 * tanods write to tanods and admins; residents write to nobody; nobody writes to themselves.
 */
export function canMessage(
  sender: { id: string; userType: UserType },
  recipient: { id: string; userType: UserType },
): boolean {
  if (sender.id === recipient.id) return false;
  if (isAdminLike(sender.userType)) return recipient.userType === 'tanod';
  if (sender.userType === 'tanod') return recipient.userType === 'tanod' || isAdminLike(recipient.userType);
  return false;
}

/** The user types a sender may pick as recipients, for list queries. */
export function messageableTypes(senderType: UserType): UserType[] {
  if (isAdminLike(senderType)) return ['tanod'];
  if (senderType === 'tanod') return ['tanod', 'admin', 'supadmin'];
  return [];
}
