/** The fragment that brings a visitor to the landing page's resident sign-in form. */
export const SIGN_IN_HASH = '#sign-in';
/** The landing page with the resident sign-in form in focus (from /signup, or after a PIN reset). */
export const SIGN_IN_PATH = `/${SIGN_IN_HASH}`;
