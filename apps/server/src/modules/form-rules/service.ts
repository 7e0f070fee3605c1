import {
  DEFAULT_FIELD_RULE,
  FORM_NAMES,
  FORM_RULE_FIELDS,
  normalizeRule,
  type FieldRule,
  type FormName,
  type FormRules,
  type FormRulesBody,
} from '@parkade/contract';
import { eq, sql } from 'drizzle-orm';
import type { Scope } from '../../platform/scope';
import { formRules } from './table';

/** Every form's rules for the request's property, defaults filled in. */
export async function formRulesOf(ctx: Scope): Promise<FormRules> {
  const rows = await ctx.tx.select().from(formRules).where(eq(formRules.propertyId, ctx.propertyId));
  const out = Object.fromEntries(
    FORM_NAMES.map((form) => [
      form,
      Object.fromEntries(FORM_RULE_FIELDS[form].map((f) => [f, { ...DEFAULT_FIELD_RULE }])),
    ]),
  ) as FormRules;
  for (const r of rows) {
    const form = r.form as FormName;
    if (!out[form] || !(r.field in out[form])) continue;
    out[form][r.field] = normalizeRule({ visible: r.visible, required: r.required, validated: r.validated });
  }
  return out;
}

/** PUT /rules: the form's fields sent are stored (a hidden field is stored as not required, not validated). */
export async function saveFormRules(ctx: Scope, body: FormRulesBody): Promise<FormRules> {
  const before = await formRulesOf(ctx);
  const propertyId = ctx.propertyId;
  const entries = Object.entries(body.fields).map(
    ([field, r]) => [field, normalizeRule(r)] as [string, FieldRule],
  );
  if (entries.length)
    await ctx.tx
      .insert(formRules)
      .values(entries.map(([field, r]) => ({ propertyId, form: body.form, field, ...r })))
      .onConflictDoUpdate({
        target: [formRules.propertyId, formRules.form, formRules.field],
        set: {
          visible: sql`excluded.visible`,
          required: sql`excluded.required`,
          validated: sql`excluded.validated`,
          updatedAt: new Date(),
        },
      });
  const after = await formRulesOf(ctx);
  await ctx.audit({
    entity: 'form_rules',
    entityId: null,
    action: 'update',
    old: { form: body.form, ...before[body.form] },
    new: { form: body.form, ...after[body.form] },
  });
  return after;
}

export const rulesOfForm = async (ctx: Scope, form: FormName) => (await formRulesOf(ctx))[form];
