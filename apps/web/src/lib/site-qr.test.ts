import { describe, expect, it } from 'vitest';
import { qrDataUrl, siteAddress } from './site-qr.ts';

describe('the site address and its QR code on slips and invitations', () => {
  it('points at this site, printed without the scheme', () => {
    expect(siteAddress('https://wenyan.example.hk')).toEqual({
      url: 'https://wenyan.example.hk/',
      shown: 'wenyan.example.hk',
    });
    expect(siteAddress('http://127.0.0.1:8080/')).toEqual({
      url: 'http://127.0.0.1:8080/',
      shown: '127.0.0.1:8080',
    });
  });

  it('draws an SVG QR code as a data URL, different for different addresses', async () => {
    const one = await qrDataUrl('https://wenyan.example.hk/api/login');
    const two = await qrDataUrl('https://other.example.hk/api/login');
    expect(one).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(one)).toContain('<svg');
    expect(decodeURIComponent(one)).toContain('<path');
    expect(one).not.toBe(two);
  });
});
