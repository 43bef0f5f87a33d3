import { describe, expect, it } from 'vitest';
import { allowsPrivate, isPrivateAddress, parseAllowance } from './address-policy.js';

describe('the outbound address policy', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.20.1.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd12::1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('allows internal addresses only as configured', () => {
    expect(allowsPrivate(parseAllowance(''), '127.0.0.1', 8080)).toBe(false);
    expect(allowsPrivate(parseAllowance('1'), '10.0.0.1', 80)).toBe(true);
    const list = parseAllowance('127.0.0.1:8080, [::1]:9000');
    expect(allowsPrivate(list, '127.0.0.1', 8080)).toBe(true);
    expect(allowsPrivate(list, '127.0.0.1', 8081)).toBe(false);
    expect(allowsPrivate(list, '::1', 9000)).toBe(true);
  });
});
