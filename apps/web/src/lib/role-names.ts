import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UserType } from '@bantay/shared';

/**
 * Each role's name as people read it under their own name (the page header, the avatar menu),
 * translated at render (decision 029). Lower case, as the roles are written in the brief; the
 * screens capitalise them with CSS.
 */
export const ROLE_NAMES: Record<UserType, MessageDescriptor> = {
  tanod: msg`tanod`,
  admin: msg`admin`,
  supadmin: msg`supadmin`,
  resident: msg`resident`,
};
