import { describe, expect, it } from 'vitest';
import { isLocale, matchLocale } from './locales';

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
