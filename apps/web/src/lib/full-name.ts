/** "Juan Dela Cruz": how every screen names a person (empty for nobody). */
export function fullName(person: { firstName: string; lastName: string } | null | undefined): string {
  return person ? `${person.firstName} ${person.lastName}`.trim() : '';
}
