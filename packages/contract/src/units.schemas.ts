import { z } from 'zod';
import { UNIT_NAME_MAX } from './buildings';
import { requiredText } from './catalogs/catalog.schemas';
import { UNITS_BULK_MAX } from './units';

/** POST /units, PUT /units/:id. The unit's name is its number ("101", "B-4"), unique within its building. */
export const unitBody = z.object({
  buildingId: z.number({ error: 'validation.required' }).int().positive(),
  floorId: z.number().int().positive().nullish(),
  name: requiredText(UNIT_NAME_MAX),
});
export type UnitBody = z.input<typeof unitBody>;

export const unitItemSchema = z.object({
  id: z.number().int(),
  buildingId: z.number().int(),
  floorId: z.number().int().nullable(),
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** include=building */
  building: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** include=floor */
  floor: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
});
export type UnitItem = z.infer<typeof unitItemSchema>;

/**
 * POST /units/create-bulk: units in one or more buildings, on an optional floor, numbered by a range
 * (`from`..`to`, optional `prefix`/`suffix`, zero-padded to `pad` digits) or listed by a pattern
 * ("101-110, 201-210, PH1"). All-or-nothing: a name taken in a building refuses the whole request.
 */
export const unitsBulkBody = z
  .object({
    buildingIds: z.array(z.number().int().positive()).min(1, 'validation.required'),
    floorId: z.number().int().positive().nullish(),
    mode: z.enum(['range', 'pattern']),
    from: z.number().int().min(0).max(999999).nullish(),
    to: z.number().int().min(0).max(999999).nullish(),
    prefix: z.string().trim().max(10).nullish(),
    suffix: z.string().trim().max(10).nullish(),
    pad: z.number().int().min(0).max(6).nullish(),
    pattern: z.string().trim().max(2000).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'range') {
      if (v.from == null) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
      if (v.to == null) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
      if (v.from != null && v.to != null && v.to < v.from)
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'units.bulk.rangeOrder' });
    } else if (!v.pattern)
      ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'validation.required' });
  });
export type UnitsBulkBody = z.input<typeof unitsBulkBody>;

/** The unit names a bulk request makes, in order; throws nothing, returns an error key on a bad pattern. */
export function unitNamesOf(body: z.output<typeof unitsBulkBody>): { names: string[] } | { error: string } {
  const pad = (n: number) => String(n).padStart(body.pad ?? 0, '0');
  const wrap = (n: string) => `${body.prefix ?? ''}${n}${body.suffix ?? ''}`;
  const names: string[] = [];
  if (body.mode === 'range') {
    for (let n = body.from!; n <= body.to!; n++) {
      names.push(wrap(pad(n)));
      if (names.length > UNITS_BULK_MAX) return { error: 'units.bulk.tooMany' };
    }
  } else {
    for (const part of body
      .pattern!.split(/[,;\n]+/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      const m = /^(\D*)(\d+)\s*-\s*\1?(\d+)(\D*)$/.exec(part);
      if (m) {
        const [, pre, a, b, post] = m;
        const from = Number(a);
        const to = Number(b);
        if (to < from) return { error: 'units.bulk.rangeOrder' };
        for (let n = from; n <= to; n++) {
          names.push(
            `${body.prefix ?? ''}${pre}${String(n).padStart(body.pad ?? a!.length, '0')}${post}${body.suffix ?? ''}`,
          );
          if (names.length > UNITS_BULK_MAX) return { error: 'units.bulk.tooMany' };
        }
      } else names.push(wrap(part));
    }
  }
  for (const n of names) if (n.length > UNIT_NAME_MAX) return { error: 'units.bulk.nameTooLong' };
  return { names: [...new Set(names)] };
}

export const unitsBulkResultSchema = z.object({ created: z.number().int() });

/** One refused row of an import: its spreadsheet row number and the reasons, in the user's language. */
export const importRejectSchema = z.object({
  row: z.number().int(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportReject = z.infer<typeof importRejectSchema>;

/**
 * The import's answer. Nothing is written unless every row is valid (`imported` is then the number of units
 * made, with buildings and floors created on the way); otherwise `imported` is 0 and `rejected` lists each bad row.
 */
export const unitsImportResultSchema = z.object({
  total: z.number().int(),
  imported: z.number().int(),
  buildingsCreated: z.number().int(),
  floorsCreated: z.number().int(),
  rejected: z.array(importRejectSchema),
});
export type UnitsImportResult = z.infer<typeof unitsImportResultSchema>;
