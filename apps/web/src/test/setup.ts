import { i18n } from '@lingui/core';
import { messages as publicMessages } from '@/locales/en/public.po';
import { messages as staffMessages } from '@/locales/en/staff.po';

// Every web test reads the English catalogue, the brief's own words (decision 029).
i18n.load('en', { ...publicMessages, ...staffMessages });
i18n.activate('en');
