import { z } from 'zod';
import { applyFormRules, type FormRules } from './form-rules.schemas';
import {
  VEHICLE_TYPES,
  PLATE_MAX,
  VEHICLE_TEXT_MAX,
  VEHICLE_NOTES_MAX,
  displayPlate,
  normalizePlate,
} from './vehicles';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/** POST /vehicles, PUT /vehicles/:id (SPEC §3 Vehicle). Photos and insurance: POST /vehicles/:id/documents. */
export const vehicleFields = {
  residentId: z.number({ error: 'validation.required' }).int().positive(),
  plate: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(PLATE_MAX)
    .refine((p) => normalizePlate(p).length >= 2, 'vehicles.plateFormat')
    .transform(displayPlate),
  /**
   * Only the last 4 digits of the VIN (SPEC §3 "VIN (last 4 digits only)", §5): a VIN's last five characters are
   * digits for every vehicle since 1981 (decision 0044).
   */
  vinLast4: z
    .string()
    .trim()
    .regex(/^[0-9]{4}$/, 'vehicles.vinLast4')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v || null),
  makeId: z.number().int().positive().nullish(),
  modelId: z.number().int().positive().nullish(),
  vehicleType: z.enum(VEHICLE_TYPES, 'validation.invalidSelection').nullish(),
  color: optionalText(VEHICLE_TEXT_MAX),
  year: z
    .number('validation.numeric')
    .int('validation.integer')
    .min(1900)
    .max(new Date().getFullYear() + 2)
    .nullish(),
  stickerNumber: optionalText(VEHICLE_TEXT_MAX),
  temporaryPlates: z.boolean().default(false),
  permitTypeId: z.number().int().positive().nullish(),
  spotId: z.number().int().positive().nullish(),
  notes: optionalText(VEHICLE_NOTES_MAX),
};
const vehicleRelaxed = {
  vinLast4: z
    .string()
    .trim()
    .max(4)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null)),
};
/** The vehicle body under a property's form rules (FORM_RULE_FIELDS.vehicles). */
export const vehicleBodyFor = (rules?: Partial<FormRules>) =>
  applyFormRules(vehicleFields, 'vehicles', rules, vehicleRelaxed);
export const vehicleBody = vehicleBodyFor();
export type VehicleBody = z.input<typeof vehicleBody>;

/** A stored file a record points at: its id, name and type (null when there is none). */
export const fileRef = z.object({ id: z.number().int(), name: z.string(), mimeType: z.string() }).nullable();

export const vehicleItemSchema = z.object({
  id: z.number().int(),
  residentId: z.number().int(),
  plate: z.string(),
  plateNormalized: z.string(),
  vinLast4: z.string().nullable(),
  makeId: z.number().int().nullable(),
  modelId: z.number().int().nullable(),
  makeName: z.string().nullable(),
  modelName: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  color: z.string().nullable(),
  year: z.number().int().nullable(),
  stickerNumber: z.string().nullable(),
  temporaryPlates: z.boolean(),
  permitTypeId: z.number().int().nullable(),
  spotId: z.number().int().nullable(),
  notes: z.string().nullable(),
  platesPhoto: fileRef,
  insurance: fileRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=resident */
  resident: z
    .object({ id: z.number().int(), fullName: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
  /** include=spot */
  spot: z.object({ id: z.number().int(), number: z.string() }).nullable().optional(),
  /** include=permitType */
  permitType: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type VehicleItem = z.infer<typeof vehicleItemSchema>;

/**
 * POST /my/vehicles, PUT /my/vehicles/:id: a resident's own vehicle. The owner is the signed-in resident; the
 * permit type, spot and sticker are staff's to set and are kept as they are on an edit.
 */
export const myVehicleBodyFor = (rules?: Partial<FormRules>) => {
  const { residentId: _r, permitTypeId: _p, spotId: _s, stickerNumber: _n, ...fields } = vehicleFields;
  return applyFormRules(fields, 'vehicles', rules, vehicleRelaxed);
};
export const myVehicleBody = myVehicleBodyFor();

/**
 * GET /my/vehicles/allowance: how many vehicles the signed-in resident may register (their own limit, else the
 * property's) and how many they have, so the screen says "the most you may register" before the form is filled.
 */
export const vehicleAllowanceSchema = z.object({
  allowed: z.number().int(),
  registered: z.number().int(),
});
export type VehicleAllowance = z.infer<typeof vehicleAllowanceSchema>;
export type MyVehicleBody = z.input<typeof myVehicleBody>;
