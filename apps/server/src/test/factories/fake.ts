import { faker } from '@faker-js/faker';
import { normalizePhone } from '@parkade/contract';

/*
 * Made-up values for the factories, from faker. Where a unique index holds them apart (emails, phones, plates,
 * names of buildings, areas and spots, permit codes) a sequence number joins the faker value: the sequence restarts
 * with each test file, whose database is its own (test/db.ts), so values never meet one made earlier in the file.
 */
let sequence = 0;
/** The next number of this test file's sequence. */
export const seq = () => ++sequence;

/** What an email's local part may hold here: letters, digits, dots, dashes and underscores, no dot at either end. */
const localPart = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.|\.$/g, '') || 'person';

/** A person: a full name and an email made from it, unique in this file (`dana.rivera.12@fixture.test`). */
export function person(): { fullName: string; email: string } {
  const firstName = faker.person.firstName();
  const lastName = faker.person.lastName();
  return {
    fullName: `${firstName} ${lastName}`,
    email: `${localPart(faker.internet.username({ firstName, lastName }))}.${seq()}@fixture.test`,
  };
}

const phonesMade = new Set<string>();
/** A phone in E.164, as the contract stores it (normalizePhone accepts it), unique in this file. */
export function phone(): string {
  for (;;) {
    const made = normalizePhone(faker.phone.number({ style: 'international' }));
    if (made && !phonesMade.has(made)) {
      phonesMade.add(made);
      return made;
    }
  }
}

/** A plate of letters and digits (`KL65BER7`), unique in this file. */
export const plate = () => `${faker.vehicle.vrm()}${seq()}`;

/** A name for a place (a building, an area): a street's, unique in this file (`Gleason Parkways 4`). */
export const placeName = () => `${faker.location.street()} ${seq()}`;

/** A short code (a spot's number, a permit's code): letters then this file's sequence (`QX-7`). */
export const code = (letters = 2) => `${faker.string.alpha({ length: letters, casing: 'upper' })}-${seq()}`;
