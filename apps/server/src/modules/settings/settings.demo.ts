import type { IncidentType, Polygon } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { DEFAULT_INCIDENT_TYPES, saveSettings } from './settings.service.ts';

/** An irregular outline about 3 km across around the brief's map centre (14.7356, 121.0498). */
export const DEMO_BOUNDARY: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [121.0352, 14.7442],
      [121.0475, 14.7501],
      [121.0618, 14.7468],
      [121.0655, 14.7352],
      [121.0601, 14.7228],
      [121.0466, 14.7196],
      [121.0361, 14.7259],
      [121.0329, 14.7361],
      [121.0352, 14.7442],
    ],
  ],
};

/**
 * The defaults with the type the demo keeps confidential (RA 9262 §44, RA 7610): its reports are
 * seen by admins and the responder only (docs/decisions/027-confidential-cases.md). Before
 * "Other", which stays last in the report form.
 */
export const DEMO_CONFIDENTIAL_TYPE: IncidentType = { name: 'Violence against women or children', classification: 'emergency', confidential: true };
const DEMO_INCIDENT_TYPES: IncidentType[] = [
  ...DEFAULT_INCIDENT_TYPES.filter((type) => type.name !== 'Other'),
  DEMO_CONFIDENTIAL_TYPE,
  ...DEFAULT_INCIDENT_TYPES.filter((type) => type.name === 'Other'),
];

export async function seedDemoSettings(deps: AppDeps): Promise<void> {
  await saveSettings(deps, {
    name: 'Barangay San Isidro',
    abbreviation: 'BSI',
    logo: null,
    boundary: DEMO_BOUNDARY,
    mapStartLat: 14.7356,
    mapStartLng: 121.0498,
    mapStartZoom: 14,
    hotlines: [
      { label: 'Barangay Hall', number: '+63289301234' },
      { label: 'Tanod Hotline', number: '+639171230000' },
      { label: 'PNP Station 6', number: '+63289314567' },
      { label: 'BFP Fire Station', number: '+63289327890' },
      { label: 'National Emergency', number: '911' },
    ],
    incidentTypes: DEMO_INCIDENT_TYPES,
    timezone: 'Asia/Manila',
    // Named on the privacy notice (/privacy, decision 028).
    dpoName: 'Atty. Rosario Villanueva',
    dpoContact: 'dpo@sanisidro.example.ph · (02) 8930 1234',
    // Named on a blotter entry's certified copy (decision 026).
    punongBarangay: 'Hon. Ernesto Pascual',
    barangaySecretary: 'Marites Lualhati',
  });
}
