import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bannedVehicleBody,
  displayPlate,
  normalizePlate,
  observationBody,
  spotReportBody,
  vehicleBody,
  visitorBody,
} from './index';

/** A plate's display form (decision 0039 §10): one form for every reader, the comparison unchanged. */
describe('displayPlate', () => {
  it('is upper case, trimmed, one space inside; hyphens and dots as typed', () => {
    expect(displayPlate('vis 123')).toBe('VIS 123');
    expect(displayPlate('  vis \t  123 ')).toBe('VIS 123');
    expect(displayPlate('7xyz-999')).toBe('7XYZ-999');
    expect(displayPlate('abc - 1.2')).toBe('ABC - 1.2');
  });

  it('changes neither how plates compare nor itself when applied again', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (typed) => {
        expect(normalizePlate(displayPlate(typed))).toBe(normalizePlate(typed));
        expect(displayPlate(displayPlate(typed))).toBe(displayPlate(typed));
      }),
      { seed: 36_10 },
    );
  });

  it('is what every body that stores a plate keeps', () => {
    expect(vehicleBody.parse({ residentId: 1, plate: ' vis  123' }).plate).toBe('VIS 123');
    expect(visitorBody.parse({ name: 'G', residentId: 1, plate: 'vis 123 ' }).plate).toBe('VIS 123');
    expect(visitorBody.parse({ name: 'G', residentId: 1, plate: '' }).plate).toBeNull();
    expect(bannedVehicleBody.parse({ plate: 'bzp  44', reasonId: 1 }).plate).toBe('BZP 44');
    expect(spotReportBody.parse({ spotId: 1, plate: 'xy-12' }).plate).toBe('XY-12');
    expect(observationBody.parse({ clientKey: crypto.randomUUID(), plate: 'zz 9' }).plate).toBe('ZZ 9');
  });
});
