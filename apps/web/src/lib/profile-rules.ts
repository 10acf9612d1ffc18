import { t } from '@lingui/core/macro';
import { LIMITS } from '@bantay/shared/limits';

/**
 * The browser checks the plain rules of the shared account schema, with its messages; the server
 * checks everything again (uniqueness, real phone numbers, dates) and its field errors land here
 * too. The zod schema itself is not used here: it would put zod in the chunk that the public
 * password pages share with this form.
 */
const nameRule = (required: () => string, tooLong: () => string) => ({
  validate: (value: string) => (value.trim() === '' ? required() : value.trim().length <= LIMITS.nameMaxLength || tooLong()),
});
const optionalMax = (max: number) => ({ validate: (value: string) => value.trim().length <= max || t`Must be at most ${max} characters` });
/** The rules' messages are read when a field is checked, so they are in the language on screen. */
export const PROFILE_RULES = {
  firstName: nameRule(
    () => t`First name is required`,
    () => t`First name is too long`,
  ),
  middleName: optionalMax(LIMITS.nameMaxLength),
  lastName: nameRule(
    () => t`Last name is required`,
    () => t`Last name is too long`,
  ),
  username: {
    validate: (value: string) => {
      const v = value.trim();
      if (v.length < 3) return t`Username must be at least 3 characters`;
      if (v.length > LIMITS.usernameMaxLength) return t`Username is too long`;
      return /^[A-Za-z0-9._-]+$/.test(v) || t`Use letters, digits, dots, dashes and underscores only`;
    },
  },
  email: { validate: (value: string) => value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || t`Enter a valid email address` },
  phoneNumber: { validate: (value: string) => value.trim() === '' || value.trim().length >= 10 || t`Please enter a valid phone number` },
  address: optionalMax(300),
  birthday: {},
  gender: optionalMax(40),
} satisfies Record<string, object>;

/** The gender choices; each label is read while rendering, in the language on screen. */
export const GENDERS: readonly { value: string; readonly label: string }[] = [
  {
    value: '',
    get label() {
      return t`Prefer not to say`;
    },
  },
  {
    value: 'female',
    get label() {
      return t`Female`;
    },
  },
  {
    value: 'male',
    get label() {
      return t`Male`;
    },
  },
  {
    value: 'other',
    get label() {
      return t`Other`;
    },
  },
];


/** The profile fields a staff member has, in form order (My Account and Manage Tanod alike). */
export const PROFILE_FIELDS = ['firstName', 'middleName', 'lastName', 'username', 'email', 'phoneNumber', 'address', 'birthday', 'gender'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = Record<ProfileField, string>;

/** A form's starting values from a user (blank for a new one): strings, as the inputs hold them. */
export function profileValuesOf(user: Partial<Record<ProfileField, string | null>> | null): ProfileValues {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, user?.[field] ?? ''])) as ProfileValues;
}
