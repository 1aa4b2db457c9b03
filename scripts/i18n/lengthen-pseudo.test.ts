import { describe, expect, it } from 'vitest';
import { lengthen } from './lengthen-pseudo';

describe('the pseudo-language lengthened', () => {
  it('brackets a text and pads it to about 30 % longer, placeholders and plurals kept', () => {
    expect(lengthen(['Ţàśķś'])).toEqual(['[', 'Ţàśķś', ' ~~', ']']);
    expect(lengthen('Śàvē')).toEqual(['[', 'Śàvē', ' ~~', ']']);
    const plural = [['status'], ', ', ['count', 'plural', { one: ['#', ' ţàśķ'], other: ['#', ' ţàśķś'] }]];
    expect(lengthen(plural)).toEqual(['[', ...plural, ' ~', ']']);
  });

  it('pads a long text in words a line can break between', () => {
    const long = lengthen(['Ś'.repeat(60)]) as string[];
    expect(long.at(-2)).toBe(' ~~~~~~~~ ~~~~~~~~');
  });

  it('leaves a text it lengthened before as it is (npm run i18n may run it twice)', () => {
    const once = lengthen(['Ďēĺēţē ţĥĩś ţàśķ']);
    expect(lengthen(once)).toBe(once);
  });
});
