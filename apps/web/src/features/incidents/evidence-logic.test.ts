import { describe, expect, it } from 'vitest';
import type { EvidencePhoto } from '@bantay/shared';
import { canAttachEvidence, evidenceLeft, notePhotos } from './evidence-logic.ts';

const photo = (purpose: 'note' | 'resolution', eventId: string | null = null): EvidencePhoto => ({
  _id: crypto.randomUUID(),
  url: '/x',
  width: 1,
  height: 1,
  purpose,
  eventId,
  uploadedBy: null,
  uploadedAt: '2026-06-01T08:00:00Z',
});
const responder = { _id: 't1', firstName: 'Juan', lastName: 'Cruz', userType: 'tanod' as const, profilePicture: null };

describe('evidence rules in the browser', () => {
  it('the responder and admins may attach; another tanod or a resident may not', () => {
    expect(canAttachEvidence({ _id: 't1', userType: 'tanod' }, { responder })).toBe(true);
    expect(canAttachEvidence({ _id: 't2', userType: 'tanod' }, { responder })).toBe(false);
    expect(canAttachEvidence({ _id: 'a', userType: 'admin' }, { responder: null })).toBe(true);
    expect(canAttachEvidence({ _id: 's', userType: 'supadmin' }, { responder })).toBe(true);
    expect(canAttachEvidence({ _id: 't1', userType: 'resident' }, { responder })).toBe(false);
    expect(canAttachEvidence(null, { responder })).toBe(false);
  });

  it('counts the allowance per purpose, all notes together', () => {
    const evidence = [photo('note', 'e1'), photo('note', 'e2'), photo('note', 'e2'), photo('resolution')];
    expect(evidenceLeft({ evidence }, 'note')).toBe(2);
    expect(evidenceLeft({ evidence }, 'resolution')).toBe(4);
    expect(evidenceLeft({ evidence: [...evidence, ...Array.from({ length: 4 }, () => photo('note', 'e3'))] }, 'note')).toBe(0);
    expect(notePhotos(evidence, 'e2')).toHaveLength(2);
    expect(notePhotos(undefined, 'e2')).toEqual([]);
  });
});
