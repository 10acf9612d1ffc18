import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { messages as publicMessages } from '@/locales/en/public.po';
import { messages as staffMessages } from '@/locales/en/staff.po';

// Every web test reads the English catalogue, the brief's own words (decision 029).
i18n.load('en', { ...publicMessages, ...staffMessages });
i18n.activate('en');

// Testing Library unmounts what a test rendered after each test only where the runner's globals
// are on; here they are not, so every web test's screen is emptied once, here.
afterEach(cleanup);
