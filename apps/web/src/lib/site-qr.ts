/**
 * The site's address and its QR code, for the class-account slips and the teacher invitations: the
 * address is the page's own origin (the site the teacher is using), the QR an SVG data URL drawn by the
 * `qrcode` package in the browser (no request leaves the page).
 */
import QRCode from 'qrcode';

/**
 * Where a slip sends a student: this site's home (signed out, it opens the sign-in page), and the
 * address as printed (without the scheme, as people type it).
 */
export function siteAddress(origin: string): { url: string; shown: string } {
  const base = origin.replace(/\/+$/, '');
  return { url: `${base}/`, shown: base.replace(/^https?:\/\//, '') };
}

/** An SVG data URL of `text`'s QR code (error correction M: a slip folded or smudged still scans). */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
