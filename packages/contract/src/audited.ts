/**
 * Every entity the audit log (binnacle) records, declared once: the server's `ctx.audit({ entity })` only takes
 * these names (a type error otherwise), and the web's binnacle derives its entity filter and its links from here.
 * `record` is where one record is shown in the web app (`{id}` replaced), when there is such a page. Each entity
 * has its label `binnacle.entities.<name>` in every language (a contract test checks it).
 */
export const AUDITED = {
  auth: {},
  central_users: {},
  tenant_users: {},
  files: {},
  properties: { record: '/properties/{id}/edit' },
  system_settings: {},
  zones: { record: '/catalog/zones/{id}/show' },
  states: { record: '/catalog/states/{id}/show' },
  tows: { record: '/catalog/tows/{id}/show' },
  warnings: { record: '/catalog/warnings/{id}/show' },
  reasons: { record: '/catalog/reasons/{id}/show' },
  permit_types: { record: '/catalog/permit-types/{id}/show' },
  makes: { record: '/catalog/makes/{id}/show' },
  models: { record: '/catalog/models/{id}/show' },
  buildings: { record: '/buildings/{id}/show' },
  floors: {},
  units: { record: '/units/{id}/show' },
  parking_maps: {},
  parking_areas: {},
  spots: { record: '/spots/{id}/show' },
  reservations: {},
  residents: { record: '/residents/{id}/show' },
  resident_imports: {},
  vehicles: { record: '/vehicles/{id}/show' },
  permits: { record: '/permits/{id}/show' },
  banned_vehicles: { record: '/banned-vehicles/{id}/show' },
  form_rules: {},
} as const satisfies Record<string, { record?: string }>;

export type AuditEntity = keyof typeof AUDITED;
export const AUDITED_ENTITIES = Object.keys(AUDITED) as AuditEntity[];

/** The web path of one audited record, or null when it has no page (or the entry is a deletion). */
export function auditedRecordPath(entity: string, id: string | null): string | null {
  const def = (AUDITED as Record<string, { record?: string }>)[entity];
  return def?.record && id ? def.record.replace('{id}', encodeURIComponent(id)) : null;
}
