import { z } from 'zod';
import { FORM_RULE_FIELDS, FormName } from './form-rules';

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

export const fieldRuleSchema = z.object({
  visible: z.boolean(),
  required: z.boolean(),
  validated: z.boolean(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;
export const DEFAULT_FIELD_RULE: FieldRule = { visible: true, required: false, validated: true };

/** A hidden field loses its required and validation options (SPEC §4). */
export const normalizeRule = (r: FieldRule): FieldRule =>
  r.visible ? r : { visible: false, required: false, validated: false };

/** Every form's rules, each configurable field present (defaults where none is stored). */
export type FormRules = Record<FormName, Record<string, FieldRule>>;
export const formRulesSchema = z.record(z.string(), z.record(z.string(), fieldRuleSchema));

export function ruleOf(rules: Partial<FormRules> | undefined, form: FormName, field: string): FieldRule {
  return normalizeRule(rules?.[form]?.[field] ?? DEFAULT_FIELD_RULE);
}

/** PUT /rules: one form's fields; unknown fields are refused. */
export const formRulesBody = z
  .object({
    form: z.enum(Object.keys(FORM_RULE_FIELDS) as [FormName, ...FormName[]], 'validation.invalidSelection'),
    fields: z.record(z.string(), fieldRuleSchema),
  })
  .superRefine((v, ctx) => {
    const allowed = FORM_RULE_FIELDS[v.form] as readonly string[];
    for (const f of Object.keys(v.fields))
      if (!allowed.includes(f))
        ctx.addIssue({ code: 'custom', path: ['fields', f], message: 'validation.unknownField' });
  });
export type FormRulesBody = z.input<typeof formRulesBody>;

/**
 * A form's body schema under its rules: a hidden field is ignored (its value dropped, so an edit keeps what is
 * stored); a field not validated takes its `relaxed` schema when it has one (free text instead of a pattern);
 * a required field must not be empty. Used by the server to validate and by the web form as its resolver.
 */
export function applyFormRules<S extends z.ZodRawShape>(
  shape: S,
  form: FormName,
  rules: Partial<FormRules> | undefined,
  relaxed: Partial<Record<keyof S, z.ZodType>> = {},
) {
  const out: Record<string, z.core.$ZodType> = { ...shape };
  const required: string[] = [];
  for (const field of FORM_RULE_FIELDS[form]) {
    if (!(field in shape)) continue;
    const r = ruleOf(rules, form, field);
    if (!r.visible)
      out[field] = z
        .unknown()
        .optional()
        .transform(() => undefined);
    else {
      if (!r.validated && relaxed[field as keyof S]) out[field] = relaxed[field as keyof S]!;
      if (r.required) required.push(field);
    }
  }
  return z.object(out as unknown as S).superRefine((v, ctx) => {
    for (const field of required)
      if (empty((v as Record<string, unknown>)[field]))
        ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  });
}
