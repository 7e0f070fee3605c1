import type { Property } from '@parkade/contract';

/** The property form's values: the create and update bodies' fields, and the stored password's clear flag. */
export type Values = Record<string, unknown>;

/** A stored property → the form (the mail password is never sent back: empty keeps it). */
export const toValues = (p: Property): Values => ({
  code: p.code,
  name: p.name,
  type: p.type,
  zoneId: p.zoneId,
  languages: p.languages,
  active: p.active,
  address: p.address,
  city: p.city,
  state: p.state,
  county: p.county,
  zipcode: p.zipcode,
  country: p.country,
  timezone: p.timezone,
  latitude: p.latitude,
  longitude: p.longitude,
  accessDomain: p.accessDomain,
  visitorDomain: p.visitorDomain,
  mailFromAddress: p.mailFromAddress,
  mailUsername: p.mailUsername,
  mailPassword: '',
  mailPasswordClear: false,
  mailHost: p.mailHost,
  mailPort: p.mailPort,
  mailTlsInsecure: p.mailTlsInsecure,
});

/** A new property: every language, active, in the US central time zone. */
export const emptyValues: Values = {
  code: '',
  name: '',
  type: 'house',
  zoneId: null,
  languages: ['en', 'es', 'zh'],
  active: true,
  address: '',
  city: '',
  state: '',
  county: '',
  zipcode: '',
  country: 'US',
  timezone: 'America/Chicago',
  latitude: null,
  longitude: null,
  accessDomain: '',
  visitorDomain: '',
  mailFromAddress: '',
  mailUsername: '',
  mailPassword: '',
  mailPasswordClear: false,
  mailHost: '',
  mailPort: null,
  mailTlsInsecure: false,
};
