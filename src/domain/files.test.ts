import { describe, expect, it } from 'vitest';
import { acceptedExtension, addLinkSchema, contentMatchesExtension, FILE_MESSAGES, fileSizeLabel, storedFileName, textContentCheck } from './files';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('file rules', () => {
  it('accepts the listed extensions, case-insensitively, and nothing else', () => {
    expect(acceptedExtension('Brief.PDF')).toBe('pdf');
    expect(acceptedExtension('archive.tar.zip')).toBe('zip');
    expect(acceptedExtension('setup.exe')).toBeNull();
    expect(acceptedExtension('pdf')).toBeNull();
  });

  it('checks the content against the extension', () => {
    expect(contentMatchesExtension('pdf', new TextEncoder().encode('%PDF-1.4'))).toBe(true);
    expect(contentMatchesExtension('pdf', new TextEncoder().encode('MZ\x90\x00'))).toBe(false);
    expect(contentMatchesExtension('jpg', bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(contentMatchesExtension('gif', new TextEncoder().encode('GIF89a'))).toBe(true);
    expect(contentMatchesExtension('docx', bytes(0x50, 0x4b, 0x03, 0x04))).toBe(true);
    expect(contentMatchesExtension('xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(contentMatchesExtension('doc', bytes(0x50, 0x4b, 0x03, 0x04))).toBe(false);
    expect(contentMatchesExtension('txt', new TextEncoder().encode('plain café'))).toBe(true);
    expect(contentMatchesExtension('txt', bytes(0xff, 0xfe, 0x41))).toBe(false);
  });

  it('shows sizes as rounded KB (spec 9)', () => {
    expect(fileSizeLabel(1536)).toBe('2 KB');
    expect(fileSizeLabel(100)).toBe('0 KB');
    expect(fileSizeLabel(null)).toBe('0 KB');
  });

  it('takes only http and https links', () => {
    expect(addLinkSchema.safeParse({ name: 'Brief', url: 'http://example.com' }).success).toBe(true);
    expect(addLinkSchema.safeParse({ name: 'Brief', url: 'javascript:alert(1)' }).success).toBe(false);
    expect(addLinkSchema.safeParse({ name: 'Brief', url: 'data:text/html,hi' }).success).toBe(false);
    expect(addLinkSchema.safeParse({ name: 'Brief', url: 'mailto:dana@acme.example' }).success).toBe(false);
  });

  it('adds https:// to an address typed without a scheme, as the client card does with a website', () => {
    const url = (typed: string) => addLinkSchema.parse({ name: 'Brief', url: typed }).url;
    expect(url('example.com/brief')).toBe('https://example.com/brief');
    expect(url('  docs.acme.example/brief?v=2 ')).toBe('https://docs.acme.example/brief?v=2');
    expect(url('localhost:3000/brief')).toBe('https://localhost:3000/brief');
    expect(url('HTTP://example.com')).toBe('HTTP://example.com');
    const typo = addLinkSchema.safeParse({ name: 'Brief', url: 'Brand brief' });
    expect(typo.success).toBe(false);
    expect(typo.error?.issues[0]?.message).toBe(FILE_MESSAGES.linkInvalid.id);
    expect(addLinkSchema.safeParse({ name: 'Brief', url: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(FILE_MESSAGES.linkScheme.id);
  });

  it('checks text piece by piece: a character split across pieces is fine, a NUL or a cut-off character is not', () => {
    const e = new TextEncoder().encode('é'); // two bytes
    const split = textContentCheck();
    expect(split.push(new TextEncoder().encode('caf'))).toBe(true);
    expect(split.push(e.subarray(0, 1))).toBe(true);
    expect(split.push(e.subarray(1))).toBe(true);
    expect(split.end()).toBe(true);

    const nul = textContentCheck();
    expect(nul.push(new TextEncoder().encode('fine'))).toBe(true);
    expect(nul.push(new Uint8Array([0x61, 0x00]))).toBe(false);
    expect(nul.push(new TextEncoder().encode('more'))).toBe(false);
    expect(nul.end()).toBe(false);

    const cut = textContentCheck();
    expect(cut.push(e.subarray(0, 1))).toBe(true);
    expect(cut.end()).toBe(false);
  });
});

describe('storedFileName', () => {
  it('trims and cuts to 255 characters, never through a surrogate pair', () => {
    expect(storedFileName('  brief.pdf ')).toBe('brief.pdf');
    expect(storedFileName('x'.repeat(300))).toHaveLength(255);
    const name = storedFileName(`${'x'.repeat(254)}😀.pdf`)!;
    expect(name).toBe('x'.repeat(254));
    expect(storedFileName('évian ☃.pdf')).toBe('évian ☃.pdf');
  });

  it('refuses names with a character that cannot be saved', () => {
    expect(storedFileName('a\u0000.pdf')).toBeNull();
    expect(storedFileName('a\ud800.pdf')).toBeNull();
  });
});

