import { describe, expect, it } from 'vitest';
import { detectHost, propertyAddress, textsVersionOf } from './host';

describe('host detection (SPEC §7)', () => {
  it('reads a tenant subdomain of the domain, and central on the bare domain, admin. and other hosts', () => {
    expect(detectHost('oakridge.localhost', null, 'localhost')).toEqual({
      area: 'tenant',
      tenant: 'oakridge',
    });
    expect(detectHost('Oakridge.Example.com.', null, 'example.com')).toEqual({
      area: 'tenant',
      tenant: 'oakridge',
    });
    expect(detectHost('localhost', null, 'localhost')).toEqual({ area: 'central', tenant: null });
    expect(detectHost('admin.example.com', null, 'example.com')).toEqual({ area: 'central', tenant: null });
    expect(detectHost('www.example.com', null, 'example.com')).toEqual({ area: 'central', tenant: null });
    expect(detectHost('a.b.example.com', null, 'example.com')).toEqual({ area: 'central', tenant: null });
    expect(detectHost('127.0.0.1', null, 'localhost')).toEqual({ area: 'central', tenant: null });
  });

  it('prefers what the server wrote into the page (it also knows the properties’ own domains)', () => {
    expect(
      detectHost('parking.oakridge-apts.com', '{"domain":"localhost","tenant":"oakridge"}', 'localhost'),
    ).toEqual({
      area: 'tenant',
      tenant: 'oakridge',
      name: null,
    });
    expect(
      detectHost('x.localhost', '{"tenant":"oakridge","name":"Oakridge Apartments"}', 'localhost'),
    ).toMatchObject({
      tenant: 'oakridge',
      name: 'Oakridge Apartments',
    });
    expect(detectHost('oakridge.localhost', '{"domain":"localhost","tenant":null}', 'localhost')).toEqual({
      area: 'central',
      tenant: null,
    });
    // an unreadable meta falls back to the host name
    expect(detectHost('oakridge.localhost', 'not json', 'localhost')).toEqual({
      area: 'tenant',
      tenant: 'oakridge',
    });
  });
});

describe('the texts version the server wrote into the page (decision 0046)', () => {
  it('is read from the meta tag, else none', () => {
    expect(textsVersionOf('{"tenant":null,"texts":"0a1b2c3d4e5f-7"}')).toBe('0a1b2c3d4e5f-7');
    expect(textsVersionOf('{"tenant":null}')).toBeNull();
    expect(textsVersionOf('{"texts":3}')).toBeNull();
    expect(textsVersionOf('not json')).toBeNull();
    expect(textsVersionOf(null)).toBeNull();
  });
});

describe("a property's address from the central area", () => {
  it('is its code as a subdomain of the domain, without admin., by the same protocol and port', () => {
    expect(
      propertyAddress('Oakridge', '/dashboard', { protocol: 'https:', host: 'admin.example.com' }),
    ).toEqual({
      host: 'oakridge.example.com',
      href: 'https://oakridge.example.com/dashboard',
    });
    expect(propertyAddress('elm', '/', { protocol: 'http:', host: 'localhost:5173' })).toEqual({
      host: 'elm.localhost:5173',
      href: 'http://elm.localhost:5173/',
    });
  });
});
