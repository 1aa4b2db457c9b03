// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

afterEach(cleanup);

describe('EmailAddress', () => {
  it('offers line breaks only before the @ and the dots, and reads as the address', () => {
    const { container } = render(<EmailAddress email="jane.doe-very-long@studio.example.com" className="font-medium" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('jane.doe-very-long@studio.example.com');
    expect(span.innerHTML).toBe('jane<wbr>.doe-very-long<wbr>@studio<wbr>.example<wbr>.com');
    expect(span.className).toBe('font-medium');
  });
});
