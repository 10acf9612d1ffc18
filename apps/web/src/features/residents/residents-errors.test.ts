import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { BotCheckError } from '@/lib/bot-check.ts';
import { loginFailure, RESIDENT_TEXTS } from './residents-api.ts';
import { photoProblem, sendCodeErrorText, signupFailure } from './signup-errors.ts';

const network = () => new ApiError(0, 'NETWORK', 'Cannot reach the server. Check your connection.');

describe('a failed resident sign-in', () => {
  it('a wrong PIN shows the server’s words and clears the PIN', () => {
    const failure = loginFailure(new ApiError(401, 'INVALID_CREDENTIALS', 'Incorrect mobile number or PIN'));
    expect(failure).toEqual({ fields: [], general: 'Incorrect mobile number or PIN', wrongPin: true });
  });

  it('the lockout after five wrong PINs says how long to wait, in the server’s words', () => {
    const failure = loginFailure(new ApiError(429, 'ACCOUNT_LOCKED', 'Too many wrong PINs. Try again in 15 minutes.'));
    expect(failure).toEqual({ fields: [], general: 'Too many wrong PINs. Try again in 15 minutes.', wrongPin: false });
  });

  it('a refused field goes next to that field', () => {
    const failure = loginFailure(new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'phoneNumber', message: 'Enter your mobile number' }]));
    expect(failure.fields).toEqual([{ field: 'phoneNumber', message: 'Enter your mobile number' }]);
    expect(failure.general).toBeNull();
  });

  it('an outage gives the brief’s login error; no connection says so', () => {
    expect(loginFailure(new ApiError(500, 'INTERNAL', 'boom')).general).toBe('Error during login process. Please try again.');
    expect(loginFailure(network()).general).toBe('Cannot reach the server. Check your connection.');
  });
});

describe('a failed Send Code', () => {
  it('bot-check failures use the brief’s texts', () => {
    expect(sendCodeErrorText(new BotCheckError('expired'))).toBe('reCAPTCHA expired. Please try again.');
    expect(sendCodeErrorText(new BotCheckError('setup'))).toBe('Error setting up verification. Please try again.');
    expect(sendCodeErrorText(new ApiError(400, 'BOT_CHECK_FAILED', 'The bot check has expired'))).toBe(RESIDENT_TEXTS.botCheckExpired);
    expect(sendCodeErrorText(new ApiError(400, 'BOT_CHECK_FAILED', 'The bot check failed'))).toBe(RESIDENT_TEXTS.botCheckSetup);
  });

  it('the cooldown and a landline are explained in the server’s words', () => {
    expect(sendCodeErrorText(new ApiError(429, 'RATE_LIMITED', 'Please wait 42 seconds before asking for a new code.'))).toBe(
      'Please wait 42 seconds before asking for a new code.',
    );
    expect(
      sendCodeErrorText(
        new ApiError(400, 'INVALID_PHONE_NUMBER', 'Please enter a valid mobile number', [
          { field: 'phoneNumber', message: 'Please enter a valid mobile number' },
        ]),
      ),
    ).toBe('Please enter a valid mobile number');
  });

  it('anything else is the brief’s send error', () => {
    expect(sendCodeErrorText(new ApiError(502, 'UPSTREAM_FAILED', 'We could not send'))).toBe('Error sending verification code. Please try again.');
    expect(sendCodeErrorText(new Error('?'))).toBe('Error sending verification code. Please try again.');
  });
});

describe('a refused sign-up', () => {
  it('puts each named field’s message next to it', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { field: 'pin', message: 'This PIN is too easy to guess.' },
      { field: 'birthday', message: 'Enter your real birthday' },
      { field: 'somethingElse', message: 'ignored' },
    ]);
    expect(signupFailure(error)).toEqual({
      fields: [
        { field: 'pin', message: 'This PIN is too easy to guess.' },
        { field: 'birthday', message: 'Enter your real birthday' },
      ],
      general: null,
    });
  });

  it('the home’s refusals go under the purok and the pin, the pin’s latitude or longitude under the pin', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Check the form', [
      { field: 'homePurok', message: 'Purok must be at most 80 characters' },
      { field: 'homePin.lat', message: 'Choose your home on the map' },
    ]);
    expect(signupFailure(error)).toEqual({
      fields: [
        { field: 'homePurok', message: 'Purok must be at most 80 characters' },
        { field: 'homePin', message: 'Choose your home on the map' },
      ],
      general: null,
    });
  });

  it('too many wrong codes goes under the code; a per-device limit above the form', () => {
    expect(signupFailure(new ApiError(429, 'RATE_LIMITED', 'Too many wrong codes. Please send a new code.'))).toEqual({
      fields: [{ field: 'code', message: 'Too many wrong codes. Please send a new code.' }],
      general: null,
    });
    expect(signupFailure(new ApiError(429, 'RATE_LIMITED', 'Too many attempts from this device. Please try again later.'))).toEqual({
      fields: [],
      general: 'Too many attempts from this device. Please try again later.',
    });
  });

  it('an outage is a general message', () => {
    expect(signupFailure(new ApiError(500, 'INTERNAL', 'boom')).general).toBe('Something went wrong. Please try again.');
    expect(signupFailure(network()).general).toBe('Cannot reach the server. Check your connection.');
  });
});

describe('the optional photo', () => {
  it('must be a JPEG, PNG or WebP of at most 5 MB', () => {
    expect(photoProblem({ type: 'image/jpeg', size: 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/gif', size: 1024 })).toBe('Choose a JPEG, PNG or WebP photo');
    expect(photoProblem({ type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('The photo is larger than 5 MB');
  });
});
