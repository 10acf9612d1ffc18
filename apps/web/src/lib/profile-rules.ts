import { LIMITS } from '@bantay/shared/limits';

/**
 * The browser checks the plain rules of the shared account schema, with its messages; the server
 * checks everything again (uniqueness, real phone numbers, dates) and its field errors land here
 * too. The zod schema itself is not used here: it would put zod in the chunk that the public
 * password pages share with this form.
 */
const nameRule = (label: string) => ({
  validate: (value: string) =>
    value.trim() === '' ? `${label} is required` : value.trim().length <= LIMITS.nameMaxLength || `${label} is too long`,
});
const optionalMax = (max: number) => ({ validate: (value: string) => value.trim().length <= max || `Must be at most ${max} characters` });
export const PROFILE_RULES = {
  firstName: nameRule('First name'),
  middleName: optionalMax(LIMITS.nameMaxLength),
  lastName: nameRule('Last name'),
  username: {
    validate: (value: string) => {
      const v = value.trim();
      if (v.length < 3) return 'Username must be at least 3 characters';
      if (v.length > LIMITS.usernameMaxLength) return 'Username is too long';
      return /^[A-Za-z0-9._-]+$/.test(v) || 'Use letters, digits, dots, dashes and underscores only';
    },
  },
  email: { validate: (value: string) => value.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) || 'Enter a valid email address' },
  phoneNumber: { validate: (value: string) => value.trim() === '' || value.trim().length >= 10 || 'Please enter a valid phone number' },
  address: optionalMax(300),
  birthday: {},
  gender: optionalMax(40),
} satisfies Record<string, object>;

export const GENDERS = [
  { value: '', label: 'Prefer not to say' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'other', label: 'Other' },
];

