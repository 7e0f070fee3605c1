import { defineResource, navEntry } from './resource';

/**
 * Form rules (SPEC §2.5, §4): per property, per form and field, whether the field is visible, required and
 * validated. These are the fields a property may configure; the others are what the form cannot do without.
 */
export const FORM_RULE_FIELDS = {
  residents: ['phone', 'code', 'language', 'leaseExpirationAt'],
  vehicles: [
    'vinLast4',
    'makeId',
    'modelId',
    'vehicleType',
    'color',
    'year',
    'stickerNumber',
    'temporaryPlates',
    'permitTypeId',
    'spotId',
    'notes',
  ],
  visitors: ['phone', 'email', 'plate', 'makeId', 'modelId', 'color', 'vehicleType'],
  permits: ['vehicleId', 'spotId', 'name', 'email', 'unit', 'startDate', 'endDate'],
} as const;
export type FormName = keyof typeof FORM_RULE_FIELDS;
export const FORM_NAMES = Object.keys(FORM_RULE_FIELDS) as FormName[];

/**
 * The form rules screen (/rules) and the API's form-rules calls: `rules.index` to see them, `rules.edit` to change
 * them. (A second `form-rules` resource once declared the same two actions for its audit entity: the role form
 * showed "Form rules" twice, and its permissions gated nothing. Roles lose them at the next start.)
 */
export const rulesResource = defineResource({
  name: 'rules',
  actions: ['index', 'edit'],
  routes: { '/rules': 'index' },
  nav: [navEntry('administration', '/rules', 'rules')],
  audited: { form_rules: { record: '/rules' } },
});
