import { describe, expect, it } from 'vitest';
import { isLocale, matchLocale, messageWithValues, readMessage, withValues } from './locales';

describe('matchLocale', () => {
  it.each([
    ['de-CH,de;q=0.9,en;q=0.8', 'de'],
    ['es-MX', 'es'],
    ['fr-FR,fr;q=0.9,es;q=0.5,de;q=0.4', 'es'],
    ['en;q=0.2,de;q=0.9', 'de'],
    ['de;q=0,es', 'es'],
    ['fr, it', 'en'],
    ['*', 'en'],
    ['', 'en'],
    ['DE_at', 'de'],
    ['en-GB, de', 'en'],
    ['de;q=abc, es;q=0.1', 'es'],
  ])('reads the header %j as %s', (header, expected) => {
    expect(matchLocale(header)).toBe(expected);
  });

  it('takes navigator.languages in their order', () => {
    expect(matchLocale(['fr-FR', 'es-ES', 'de'])).toBe('es');
    expect(matchLocale(['pt-BR'])).toBe('en');
    expect(matchLocale([])).toBe('en');
    expect(matchLocale(null)).toBe('en');
  });

  it('knows its languages', () => {
    expect(['en', 'de', 'es'].every(isLocale)).toBe(true);
    expect(isLocale('pseudo')).toBe(false);
    expect(isLocale('fr')).toBe(false);
  });
});

describe('messageWithValues and readMessage', () => {
  const codeLength = { id: 'domain-auth.auth.codeLength', message: 'The verification code has {count} characters' };

  it('carry a text and its values through a string, as zod carries a message', () => {
    const message = messageWithValues(codeLength, { count: 6, field: 'Code' });
    expect(readMessage(message)).toEqual({ id: codeLength.id, values: { count: 6, field: 'Code' } });
  });

  it('read an id alone, and words as they are', () => {
    expect(readMessage('domain.clients.nameRequired')).toEqual({ id: 'domain.clients.nameRequired' });
    expect(readMessage('Client name is required')).toEqual({ id: 'Client name is required' });
    expect(readMessage('Set {this} straight')).toEqual({ id: 'Set {this} straight' });
  });

  it('withValues keeps the text and adds its values', () => {
    expect(withValues(codeLength, { count: 6 })).toEqual({ ...codeLength, values: { count: 6 } });
  });
});
