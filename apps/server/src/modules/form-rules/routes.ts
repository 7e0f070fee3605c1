import { formRulesBody, formRulesSchema } from '@parkade/contract';
import { defineRoute } from '../../platform/http';
import { formRulesOf, saveFormRules } from './service';

const tags = ['form-rules'];
const scoped = { areas: ['tenant', 'central'] as const, propertyScoped: true, tags };

export const formRulesRoutes = [
  defineRoute({
    ...scoped,
    method: 'GET',
    url: '/rules',
    access: 'authenticated',
    summary:
      "The property's form rules: for each form (residents, vehicles, visitors, permits) and configurable field, " +
      'visible, required and validated (defaults: visible, optional, validated). Every form of the property obeys ' +
      'them, so every signed-in user may read them',
    schema: { response: { 200: formRulesSchema } },
    handler: (ctx) => formRulesOf(ctx),
  }),
  defineRoute({
    ...scoped,
    method: 'PUT',
    url: '/rules',
    access: 'rules.edit',
    summary:
      "Sets one form's field rules; a hidden field loses its required and validation options. Answers every form's rules",
    schema: { body: formRulesBody, response: { 200: formRulesSchema } },
    handler: (ctx, { body }) => saveFormRules(ctx, body),
  }),
];
